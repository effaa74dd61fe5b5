import { useState } from 'react';
import {
  AGGREGATES,
  defaultMetricLabel,
  type Aggregate,
  type AdhocMetric,
  type DatasourceMeta,
  type Metric,
} from '@strata/domain';
import { columnLabel } from './ColumnControls';

type Tab = 'SAVED' | 'SIMPLE' | 'SQL';

interface Props {
  datasource: DatasourceMeta | null;
  /** The metric being edited, or null for a new one. */
  metric: Metric | null;
  newOptionName: () => string;
  onSave(metric: Metric): void;
  onCancel(): void;
}

/**
 * The adhoc metric editor (charts-dashboards-reports §3 Adhoc metric): a saved metric of the dataset, an aggregate of a
 * column (SIMPLE), or a SQL expression. What the user types is form input until Save.
 */
export function AdhocMetricEditor({ datasource, metric, newOptionName, onSave, onCancel }: Props) {
  const adhoc = metric && typeof metric !== 'string' ? metric : null;
  const [tab, setTab] = useState<Tab>(typeof metric === 'string' ? 'SAVED' : (adhoc?.expressionType ?? 'SIMPLE'));
  const [saved, setSaved] = useState(typeof metric === 'string' ? metric : (datasource?.metrics[0]?.metric_name ?? ''));
  const [column, setColumn] = useState(
    adhoc?.expressionType === 'SIMPLE' ? adhoc.column.column_name : (datasource?.columns[0]?.column_name ?? ''),
  );
  const [aggregate, setAggregate] = useState<Aggregate>(adhoc?.expressionType === 'SIMPLE' ? adhoc.aggregate : 'SUM');
  const [sql, setSql] = useState(adhoc?.expressionType === 'SQL' ? adhoc.sqlExpression : '');
  const [label, setLabel] = useState(adhoc?.hasCustomLabel ? adhoc.label : '');

  const build = (): Metric | null => {
    if (tab === 'SAVED') return saved || null;
    const optionName = adhoc?.optionName ?? newOptionName();
    let m: AdhocMetric;
    if (tab === 'SIMPLE') {
      if (!column) return null;
      m = { expressionType: 'SIMPLE', column: { column_name: column }, aggregate, label: '', optionName };
    } else {
      if (!sql.trim()) return null;
      m = { expressionType: 'SQL', sqlExpression: sql.trim(), label: '', optionName };
    }
    return label.trim() ? { ...m, label: label.trim(), hasCustomLabel: true } : { ...m, label: defaultMetricLabel(m) };
  };
  const built = build();

  return (
    <div className="explore-popover" role="dialog" aria-label="Edit metric">
      <div className="explore-popover__tabs" role="tablist">
        {(['SAVED', 'SIMPLE', 'SQL'] as Tab[]).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? 'active' : ''}
            onClick={() => setTab(t)}
          >
            {t === 'SAVED' ? 'Saved' : t === 'SIMPLE' ? 'Simple' : 'Custom SQL'}
          </button>
        ))}
      </div>
      {tab === 'SAVED' && (
        <label>
          Saved metric
          <select value={saved} onChange={(e) => setSaved(e.target.value)}>
            {(datasource?.metrics ?? []).map((m) => (
              <option key={m.metric_name} value={m.metric_name}>
                {m.verbose_name || m.metric_name}
              </option>
            ))}
          </select>
        </label>
      )}
      {tab === 'SIMPLE' && (
        <>
          <label>
            Column
            <select value={column} onChange={(e) => setColumn(e.target.value)}>
              {(datasource?.columns ?? []).map((c) => (
                <option key={c.column_name} value={c.column_name}>
                  {columnLabel(c)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Aggregate
            <select value={aggregate} onChange={(e) => setAggregate(e.target.value as Aggregate)}>
              {AGGREGATES.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {tab === 'SQL' && (
        <label>
          SQL expression
          <textarea rows={3} value={sql} onChange={(e) => setSql(e.target.value)} placeholder="SUM(price * quantity)" />
        </label>
      )}
      {tab !== 'SAVED' && (
        <label>
          Label
          <input
            value={label}
            placeholder={built && typeof built !== 'string' ? built.label : ''}
            onChange={(e) => setLabel(e.target.value)}
          />
        </label>
      )}
      <div className="explore-popover__actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={!built} onClick={() => built && onSave(built)}>
          Save
        </button>
      </div>
    </div>
  );
}
