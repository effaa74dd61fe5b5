import { useState } from 'react';
import {
  FILTER_OPERATOR_IDS,
  FILTER_OPERATORS,
  isNumericColumn,
  MULTI_OPERATORS,
  NO_TIME_RANGE,
  UNARY_OPERATORS,
  type AdhocFilter,
  type DatasourceMeta,
  type FilterClause,
  type FilterOperatorId,
} from '@strata/domain';
import { columnLabel } from './ColumnControls';
import { TimeRangeInput } from './TimeRangeControl';

interface Props {
  datasource: DatasourceMeta | null;
  filter: AdhocFilter | null;
  newOptionName: () => string;
  onSave(filter: AdhocFilter): void;
  onCancel(): void;
}

const OPERATOR_LABELS: Record<FilterOperatorId, string> = {
  EQUALS: 'Equal to (=)',
  NOT_EQUALS: 'Not equal to (≠)',
  LESS_THAN: 'Less than (<)',
  LESS_THAN_OR_EQUAL: 'Less or equal (<=)',
  GREATER_THAN: 'Greater than (>)',
  GREATER_THAN_OR_EQUAL: 'Greater or equal (>=)',
  IN: 'In',
  NOT_IN: 'Not in',
  LIKE: 'Like',
  ILIKE: 'Like (case insensitive)',
  IS_NOT_NULL: 'Is not null',
  IS_NULL: 'Is null',
  LATEST_PARTITION: 'Latest partition',
  IS_TRUE: 'Is true',
  IS_FALSE: 'Is false',
  TEMPORAL_RANGE: 'Time range',
};

const comparatorText = (c: unknown) =>
  Array.isArray(c) ? c.join(', ') : c === null || c === undefined ? '' : String(c);

/**
 * The adhoc filter editor (charts-dashboards-reports §3 Adhoc filter): SIMPLE (column, any of the spec's operators, value,
 * WHERE or HAVING) or SQL (an expression for WHERE or HAVING).
 */
export function AdhocFilterEditor({ datasource, filter, newOptionName, onSave, onCancel }: Props) {
  const simple = filter?.expressionType === 'SIMPLE' ? filter : null;
  const [type, setType] = useState<'SIMPLE' | 'SQL'>(filter?.expressionType ?? 'SIMPLE');
  const [subject, setSubject] = useState(
    simple?.subject ?? datasource?.columns.find((c) => c.filterable !== false)?.column_name ?? '',
  );
  const [operatorId, setOperatorId] = useState<FilterOperatorId>(simple?.operatorId ?? 'EQUALS');
  const [comparator, setComparator] = useState(
    simple?.operatorId === 'TEMPORAL_RANGE'
      ? String(simple.comparator ?? NO_TIME_RANGE)
      : comparatorText(simple?.comparator),
  );
  const [clause, setClause] = useState<FilterClause>(filter?.clause ?? 'WHERE');
  const [sql, setSql] = useState(filter?.expressionType === 'SQL' ? filter.sqlExpression : '');

  const column = datasource?.columns.find((c) => c.column_name === subject);
  const toValue = (text: string): string | number =>
    column && isNumericColumn(column) && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

  const build = (): AdhocFilter | null => {
    const filterOptionName = filter?.filterOptionName ?? newOptionName();
    if (type === 'SQL')
      return sql.trim() ? { expressionType: 'SQL', sqlExpression: sql.trim(), clause, filterOptionName } : null;
    if (!subject) return null;
    let value: string | number | null | (string | number)[] = null;
    if (operatorId === 'TEMPORAL_RANGE') value = comparator || NO_TIME_RANGE;
    else if (MULTI_OPERATORS.has(operatorId)) {
      value = comparator
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
        .map(toValue);
      if (value.length === 0) return null;
    } else if (!UNARY_OPERATORS.has(operatorId)) {
      if (comparator === '') return null;
      value = toValue(comparator);
    }
    return {
      expressionType: 'SIMPLE',
      subject,
      operatorId,
      operator: FILTER_OPERATORS[operatorId],
      comparator: value,
      clause,
      filterOptionName,
    };
  };
  const built = build();

  return (
    <div className="explore-popover" role="dialog" aria-label="Edit filter">
      <div className="explore-popover__tabs" role="tablist">
        {(['SIMPLE', 'SQL'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={type === t}
            className={type === t ? 'active' : ''}
            onClick={() => setType(t)}
          >
            {t === 'SIMPLE' ? 'Simple' : 'Custom SQL'}
          </button>
        ))}
      </div>
      <label>
        Clause
        <select value={clause} onChange={(e) => setClause(e.target.value as FilterClause)}>
          <option value="WHERE">WHERE</option>
          <option value="HAVING">HAVING</option>
        </select>
      </label>
      {type === 'SIMPLE' ? (
        <>
          <label>
            Column
            <select value={subject} onChange={(e) => setSubject(e.target.value)}>
              {(datasource?.columns ?? [])
                .filter((c) => c.filterable !== false)
                .map((c) => (
                  <option key={c.column_name} value={c.column_name}>
                    {columnLabel(c)}
                  </option>
                ))}
            </select>
          </label>
          <label>
            Operator
            <select value={operatorId} onChange={(e) => setOperatorId(e.target.value as FilterOperatorId)}>
              {FILTER_OPERATOR_IDS.map((id) => (
                <option key={id} value={id}>
                  {OPERATOR_LABELS[id]}
                </option>
              ))}
            </select>
          </label>
          {operatorId === 'TEMPORAL_RANGE' ? (
            <TimeRangeInput label="Comparator" value={comparator || NO_TIME_RANGE} onChange={setComparator} />
          ) : (
            !UNARY_OPERATORS.has(operatorId) && (
              <label>
                {MULTI_OPERATORS.has(operatorId) ? 'Values (comma separated)' : 'Value'}
                <input value={comparator} onChange={(e) => setComparator(e.target.value)} />
              </label>
            )
          )}
        </>
      ) : (
        <label>
          SQL expression
          <textarea
            rows={3}
            value={sql}
            onChange={(e) => setSql(e.target.value)}
            placeholder={clause === 'WHERE' ? "origin = 'USA'" : 'SUM(sales) > 100'}
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

export function filterLabel(f: AdhocFilter): string {
  if (f.expressionType === 'SQL') return `${f.clause === 'HAVING' ? 'HAVING ' : ''}${f.sqlExpression}`;
  if (UNARY_OPERATORS.has(f.operatorId)) return `${f.subject} ${f.operator}`;
  return `${f.subject} ${f.operatorId === 'TEMPORAL_RANGE' ? '(' + String(f.comparator) + ')' : `${f.operator} ${comparatorText(f.comparator)}`}`;
}
