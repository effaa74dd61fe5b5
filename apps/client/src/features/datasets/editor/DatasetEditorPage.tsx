import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { TIME_GRAINS } from '@strata/domain';
import { useStoreState } from '../../../shared/use-store-state';
import type { DatasetView, Option } from '../api/datasets-api';
import type { DatasetsFeature } from '../datasets.feature';
import { DATASET_LIST_PATH, explorePathOf } from '../paths';
import { ColumnsTable } from './ColumnsTable';
import {
  draftOf,
  draftProblems,
  editBody,
  isCalculated,
  newCalculatedColumn,
  newMetric,
  type DatasetDraft,
} from './dataset-draft';
import { MetricsTable } from './MetricsTable';
import '../datasets.css';

const TABS = ['Columns', 'Calculated columns', 'Metrics', 'Settings', 'Source'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/tablemodelview/edit/<id>` (issue 15 item 2, Superset's dataset editor): columns, calculated columns,
 * metrics, settings (main datetime column, owners, description), the source (a virtual dataset's SQL, run
 * by the server on save: a query that fails is refused with the database's message) and "Sync columns
 * from source". The form starts again from each answer of the server.
 */
export function DatasetEditorPage({ datasets, id }: { datasets: DatasetsFeature; id: number }) {
  const { editor } = useStoreState(datasets.store.state$);
  // The tab looked at outlives the form, which starts again from each answer of the server.
  const [tab, setTab] = useState<Tab>('Columns');
  useEffect(() => {
    void datasets.open(id);
  }, [datasets, id]);

  if (editor.error) return <div className="card form-error">{editor.error}</div>;
  if (!editor.dataset || editor.dataset.id !== id) return <div className="card muted">Loading…</div>;
  return <EditorForm key={editor.revision} datasets={datasets} dataset={editor.dataset} tab={tab} setTab={setTab} />;
}

interface FormProps {
  datasets: DatasetsFeature;
  dataset: DatasetView;
  tab: Tab;
  setTab(tab: Tab): void;
}

function EditorForm({ datasets, dataset, tab, setTab }: FormProps) {
  const { editor } = useStoreState(datasets.store.state$);
  // The form as typed: React state until Save sends it.
  const [draft, setDraft] = useState<DatasetDraft>(() => draftOf(dataset));
  const [owners, setOwners] = useState<Option[]>(() => dataset.owners.map((o) => ({ value: o.id, label: name(o) })));
  useEffect(() => {
    datasets.api.owners('').then(
      (found) => setOwners((known) => [...known, ...found.filter((f) => !known.some((k) => k.value === f.value))]),
      () => undefined,
    );
  }, [datasets]);

  const set = (patch: Partial<DatasetDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const indexed = draft.columns.map((column, index) => ({ column, index }));
  // A calculated column has an expression (a new one an empty one, until typed).
  const physical = indexed.filter(({ column }) => !isCalculated(column));
  const calculated = indexed.filter(({ column }) => isCalculated(column));
  const setColumn = (index: number, column: DatasetDraft['columns'][number]) =>
    set({ columns: draft.columns.map((c, i) => (i === index ? column : c)) });
  const removeColumn = (index: number) => set({ columns: draft.columns.filter((_, i) => i !== index) });

  const body = editBody(dataset, draft);
  const changed = Object.keys(body).length > 0;
  const problems = draftProblems(draft);
  const save = () => void datasets.save(dataset.id, body);
  const temporal = draft.columns.filter((c) => c.is_dttm);

  return (
    <div className="card datasets-editor">
      <div className="datasets__head">
        <h1>
          {dataset.table_name} <span className="muted">{dataset.kind === 'virtual' ? 'Virtual' : 'Physical'}</span>
        </h1>
        <span className="muted">{[dataset.database.database_name, dataset.schema].filter(Boolean).join(' · ')}</span>
        <span className="datasets__spacer" />
        <Link to={DATASET_LIST_PATH}>All datasets</Link>
        <Link to={explorePathOf(dataset.id)}>Explore</Link>
        <button
          type="button"
          disabled={editor.writing !== null || changed}
          title={changed ? 'Save or discard the changes first' : undefined}
          onClick={() => void datasets.sync(dataset.id)}
        >
          {editor.writing === 'sync' ? 'Syncing…' : 'Sync columns from source'}
        </button>
        <button type="button" disabled={!changed || editor.writing !== null} onClick={() => setDraft(draftOf(dataset))}>
          Discard
        </button>
        <button
          type="button"
          className="primary"
          disabled={!changed || problems.length > 0 || editor.writing !== null}
          onClick={save}
        >
          {editor.writing === 'save' ? 'Saving…' : 'Save'}
        </button>
      </div>
      {editor.writeError && (
        <div className="form-error" role="alert">
          {editor.writeError}
        </div>
      )}
      {changed && problems.length > 0 && (
        <ul className="form-error" aria-label="Problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="datasets-editor__tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        {tab === 'Columns' && (
          <ColumnsTable
            columns={physical.map((p) => p.column)}
            calculated={false}
            onChange={(i, c) => setColumn(physical[i]!.index, c)}
            onRemove={(i) => removeColumn(physical[i]!.index)}
          />
        )}
        {tab === 'Calculated columns' && (
          <>
            <button
              type="button"
              onClick={() => set({ columns: [...draft.columns, newCalculatedColumn(draft.columns)] })}
            >
              + Calculated column
            </button>
            <ColumnsTable
              columns={calculated.map((p) => p.column)}
              calculated
              onChange={(i, c) => setColumn(calculated[i]!.index, c)}
              onRemove={(i) => removeColumn(calculated[i]!.index)}
            />
          </>
        )}
        {tab === 'Metrics' && (
          <>
            <button type="button" onClick={() => set({ metrics: [...draft.metrics, newMetric(draft.metrics)] })}>
              + Metric
            </button>
            <MetricsTable
              metrics={draft.metrics}
              onChange={(index, metric) => set({ metrics: draft.metrics.map((m, i) => (i === index ? metric : m)) })}
              onRemove={(index) => set({ metrics: draft.metrics.filter((_, i) => i !== index) })}
            />
          </>
        )}
        {tab === 'Settings' && (
          <div className="datasets-form">
            <label>
              Name
              <input
                aria-label="Dataset name"
                value={draft.table_name}
                onChange={(e) => set({ table_name: e.target.value })}
              />
            </label>
            <label>
              Main datetime column
              <select
                aria-label="Main datetime column"
                value={draft.main_dttm_col ?? ''}
                onChange={(e) => set({ main_dttm_col: e.target.value || null })}
              >
                <option value="">None</option>
                {temporal.map((c) => (
                  <option key={c.column_name} value={c.column_name}>
                    {c.verbose_name || c.column_name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Default time grain
              <select
                aria-label="Default time grain"
                value={draft.default_time_grain ?? ''}
                onChange={(e) => set({ default_time_grain: e.target.value || null })}
              >
                <option value="">None</option>
                {TIME_GRAINS.map((g) => (
                  <option key={g.grain} value={g.grain}>
                    {g.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Cache timeout (seconds; empty: the default, 0: no cache)
              <input
                aria-label="Cache timeout"
                inputMode="numeric"
                value={draft.cache_timeout}
                onChange={(e) => set({ cache_timeout: e.target.value })}
              />
            </label>
            <label>
              Owners
              <select
                multiple
                aria-label="Owners"
                value={draft.owners.map(String)}
                onChange={(e) => set({ owners: [...e.target.selectedOptions].map((o) => Number(o.value)) })}
              >
                {owners.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Description
              <textarea
                aria-label="Description"
                rows={3}
                value={draft.description}
                onChange={(e) => set({ description: e.target.value })}
              />
            </label>
          </div>
        )}
        {tab === 'Source' &&
          (dataset.kind === 'virtual' ? (
            <div className="datasets-form">
              <label>
                SQL
                <textarea
                  aria-label="Dataset SQL"
                  className="datasets-editor__sql"
                  rows={12}
                  value={draft.sql}
                  onChange={(e) => set({ sql: e.target.value })}
                />
              </label>
              <p className="muted">
                On save the server runs the query once; a query that fails is refused with the database's message.
              </p>
            </div>
          ) : (
            <p>
              Table <code>{[dataset.schema, dataset.table_name].filter(Boolean).join('.')}</code> of{' '}
              {dataset.database.database_name}.
            </p>
          ))}
      </div>
    </div>
  );
}

const name = (p: { id: number; first_name: string; last_name: string }) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') || `user ${p.id}`;
