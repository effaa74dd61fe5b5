import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useObservableState } from 'observable-hooks';
import {
  datasetDraftProblems,
  datasetEditBody,
  isCalculatedColumn,
  ownerName,
  TIME_GRAINS,
  type DatasetDraft,
  type DatasetPickerOption,
} from '@strata/domain';
import { useStoreState } from '../../../shared/use-store-state';
import type { DatasetView } from '../api/datasets-api';
import type { DatasetsFeature } from '../datasets.feature';
import { DATASET_LIST_PATH, explorePathOf } from '../paths';
import { ColumnsTable } from './ColumnsTable';
import { MetricsTable } from './MetricsTable';
import '../datasets.css';

const TABS = ['Columns', 'Calculated columns', 'Metrics', 'Settings', 'Source'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/tablemodelview/edit/<id>` (issue 15 item 2, Superset's dataset editor): columns, calculated columns,
 * metrics, settings (main datetime column, owners, description), the source (a virtual dataset's SQL, run
 * by the server on save: a query that fails is refused with the database's message) and "Sync columns
 * from source". The unsaved draft is the store's fold (each edit an event: undo, redo, time travel); it
 * starts again from each answer of the server. React keeps only the tab looked at.
 */
export function DatasetEditorPage({ datasets, id }: { datasets: DatasetsFeature; id: number }) {
  const { editor, pickers } = useStoreState(datasets.store.state$);
  const [tab, setTab] = useState<Tab>('Columns');
  useEffect(() => {
    void datasets.open(id);
  }, [datasets, id]);
  useEffect(() => {
    void datasets.loadPickers();
  }, [datasets]);
  // Ctrl+Z / Ctrl+Shift+Z undo and redo the draft's edits, unless a text box takes the keys (its own undo).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      e.preventDefault();
      if (e.shiftKey) datasets.redo();
      else datasets.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [datasets]);

  if (editor.error) return <div className="card form-error">{editor.error}</div>;
  if (!editor.dataset || editor.dataset.id !== id || !editor.draft) return <div className="card muted">Loading…</div>;
  const owners = ownerChoices(editor.dataset, pickers.owners);
  return (
    <EditorForm
      datasets={datasets}
      dataset={editor.dataset}
      draft={editor.draft}
      owners={owners}
      tab={tab}
      setTab={setTab}
    />
  );
}

/** The dataset's owners, then the users the picker read (each once). */
function ownerChoices(dataset: DatasetView, loaded: readonly DatasetPickerOption[]): DatasetPickerOption[] {
  const known = dataset.owners.map((o) => ({ value: o.id, label: ownerName(o) }));
  return [...known, ...loaded.filter((f) => !known.some((k) => k.value === f.value))];
}

interface FormProps {
  datasets: DatasetsFeature;
  dataset: DatasetView;
  draft: DatasetDraft;
  owners: DatasetPickerOption[];
  tab: Tab;
  setTab(tab: Tab): void;
}

function EditorForm({ datasets, dataset, draft, owners, tab, setTab }: FormProps) {
  const { editor } = useStoreState(datasets.store.state$);
  const history = useObservableState(datasets.history$, { canUndo: false, canRedo: false });
  const edit = datasets.edit;
  const indexed = draft.columns.map((column, index) => ({ column, index }));
  const physical = indexed.filter(({ column }) => !isCalculatedColumn(column));
  const calculated = indexed.filter(({ column }) => isCalculatedColumn(column));

  const changed = Object.keys(datasetEditBody(dataset, draft)).length > 0;
  const problems = datasetDraftProblems(draft);
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
        <button type="button" disabled={!history.canUndo} onClick={() => datasets.undo()}>
          Undo
        </button>
        <button type="button" disabled={!history.canRedo} onClick={() => datasets.redo()}>
          Redo
        </button>
        <button
          type="button"
          disabled={!changed || editor.writing !== null}
          onClick={() => edit({ type: 'datasetEditor/draftDiscarded', data: { id: dataset.id } })}
        >
          Discard
        </button>
        <button
          type="button"
          className="primary"
          disabled={!changed || problems.length > 0 || editor.writing !== null}
          onClick={() => void datasets.save()}
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
        {tab === 'Columns' && <ColumnsTable rows={physical} calculated={false} edit={edit} />}
        {tab === 'Calculated columns' && (
          <>
            <button type="button" onClick={() => datasets.addCalculatedColumn()}>
              + Calculated column
            </button>
            <ColumnsTable rows={calculated} calculated edit={edit} />
          </>
        )}
        {tab === 'Metrics' && (
          <>
            <button type="button" onClick={() => datasets.addMetric()}>
              + Metric
            </button>
            <MetricsTable metrics={draft.metrics} edit={edit} />
          </>
        )}
        {tab === 'Settings' && (
          <div className="datasets-form">
            <label>
              Name
              <input
                aria-label="Dataset name"
                value={draft.table_name}
                onChange={(e) => edit({ type: 'datasetEditor/nameEdited', data: { tableName: e.target.value } })}
              />
            </label>
            <label>
              Main datetime column
              <select
                aria-label="Main datetime column"
                value={draft.main_dttm_col ?? ''}
                onChange={(e) =>
                  edit({ type: 'datasetEditor/mainDatetimeColumnChosen', data: { column: e.target.value || null } })
                }
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
                onChange={(e) =>
                  edit({ type: 'datasetEditor/defaultTimeGrainChosen', data: { grain: e.target.value || null } })
                }
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
                onChange={(e) => edit({ type: 'datasetEditor/cacheTimeoutEdited', data: { text: e.target.value } })}
              />
            </label>
            <label>
              Owners
              <select
                multiple
                aria-label="Owners"
                value={draft.owners.map(String)}
                onChange={(e) =>
                  edit({
                    type: 'datasetEditor/ownersChosen',
                    data: { owners: [...e.target.selectedOptions].map((o) => Number(o.value)) },
                  })
                }
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
                onChange={(e) =>
                  edit({ type: 'datasetEditor/descriptionEdited', data: { description: e.target.value } })
                }
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
                  onChange={(e) => edit({ type: 'datasetEditor/sqlEdited', data: { sql: e.target.value } })}
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
