import { distinctUntilChanged, map, merge, type Observable } from 'rxjs';
import {
  datasetEditBody,
  datasetsClientFold,
  DRAFT_RESTARTS,
  freeDraftName,
  type DatasetCreateEvent,
  type DatasetEditorEvent,
  type DatasetsClientEvent,
  type DatasetsClientState,
} from '@strata/domain';
import { createFeatureStore, type ClientContext, type FeatureStore } from '../../shared/feature-store';
import { hasStatus, toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import type { ToastsFeature } from '../toasts/toasts.feature';
import { datasetsApi, type DatasetsApi, type DatasetView, type NewDatasetBody } from './api/datasets-api';
import { listQueryOf, type DatasetListFilters } from './list/dataset-list-url';

export interface DatasetsFeature {
  readonly store: FeatureStore<DatasetsClientState, DatasetsClientEvent>;
  readonly api: DatasetsApi;
  /** Reads the page of datasets these filters ask for (a newer call wins). */
  load(filters: DatasetListFilters): Promise<void>;
  /** Reads the dataset the editor shows; its draft starts from the answer. */
  open(id: number): Promise<void>;
  /** The databases and users the pickers offer (the list's filters, the dialog, the owners picker). */
  loadPickers(): Promise<void>;
  /** The schemas of a database, for the list's schema filter. */
  loadSchemaOptions(databaseId: number): Promise<void>;
  /** One of the analyst's edits of the draft: one undo step. */
  edit(event: DatasetEditorEvent): void;
  /** A new calculated column or metric, named `calculated_<n>` / `metric_<n>` (a name the draft lacks). */
  addCalculatedColumn(): void;
  addMetric(): void;
  /** Undo and redo the analyst's edits of the draft shown (not those before the server's last answer). */
  undo(): void;
  redo(): void;
  readonly history$: Observable<{ canUndo: boolean; canRedo: boolean }>;
  /** The new dataset dialog: opening it (empty), a choice in it, the pickers' lists. */
  openCreateDialog(): void;
  choose(event: DatasetCreateEvent): void;
  loadSchemas(databaseId: number): Promise<void>;
  loadTables(databaseId: number, schema: string): Promise<void>;
  /** POST: the new dataset, or null when refused (the store holds the server's message). */
  create(body: NewDatasetBody): Promise<DatasetView | null>;
  /** PUT with the draft's changes; true once saved (a refusal stays in the store, with the server's message). */
  save(): Promise<boolean>;
  /** PUT /refresh: the columns re-read from the table or the query. */
  sync(id: number): Promise<void>;
  remove(id: number): Promise<boolean>;
}

/**
 * Loads and the server's answers may land while the page shows the past (feature-store `whilePast`);
 * `undoable: false` keeps the option a RecordOptions before that field existed too.
 */
const ANSWER = { whilePast: 'allowed', undoable: false } as const;
/** The analyst's edits of the draft are undo steps; refused while the page shows the past. */
const EDIT = { undoable: true } as const;

/**
 * The dataset pages' store (DESIGN "Client"): the domain's `datasetsClientFold` over the page's log. The
 * editor's draft and the dialog's choices are events too, so undo, time travel and an exported log see
 * an analyst's unsaved edits; React keeps only the tab looked at and a pending confirmation.
 */
export function createDatasets(context: ClientContext, http: HttpClient, toasts: ToastsFeature): DatasetsFeature {
  const store = createFeatureStore<DatasetsClientState, DatasetsClientEvent>('datasets', datasetsClientFold, context);
  const api = datasetsApi(http);
  const message = (thrown: unknown) => toClientError(thrown).message;

  /**
   * Whether the actor's next undo (redo) step is an edit of the draft shown. The draft starts again from
   * each answer of the server (DRAFT_RESTARTS), so a step before it would change nothing visible.
   */
  function inCurrentDraft(kind: 'undo' | 'redo'): boolean {
    // A page showing the past (time travel) is read-only: an undo there would change the live draft.
    if (store.store.cursor$.value !== null) return false;
    const log = store.store.log;
    const command = kind === 'undo' ? log.undoCommand(context.actor()) : log.redoCommand(context.actor());
    if (!command) return false;
    const entries = store.store.log$.value;
    const restarted = entries.findLastIndex((e) => DRAFT_RESTARTS.has(e.type));
    return entries.findIndex((e) => e.meta.batchId === command.data.batchId) > restarted;
  }

  async function write(
    id: number,
    event: DatasetsClientEvent & { type: 'datasets/saveRequested' | 'datasets/syncRequested' },
    call: () => Promise<DatasetView>,
  ): Promise<boolean> {
    if (store.record([event]).length === 0) return false;
    try {
      store.record([{ type: 'datasets/datasetSaved', data: { dataset: await call() } }], ANSWER);
      return true;
    } catch (thrown) {
      store.record([{ type: 'datasets/writeRefused', data: { id, message: message(thrown) } }], ANSWER);
      return false;
    }
  }

  const draft = () => store.getState().editor.draft;

  return {
    store,
    api,
    async load(filters) {
      const requestId = context.newId();
      store.record([{ type: 'datasets/listQueried', data: { requestId, filters } }], ANSWER);
      try {
        const { count, result } = await api.list(listQueryOf(filters));
        store.record([{ type: 'datasets/listLoaded', data: { requestId, count, rows: result } }], ANSWER);
      } catch (thrown) {
        store.record([{ type: 'datasets/listFailed', data: { requestId, message: message(thrown) } }], ANSWER);
      }
    },
    async open(id) {
      store.record([{ type: 'datasets/datasetQueried', data: { id } }], ANSWER);
      try {
        store.record([{ type: 'datasets/datasetLoaded', data: { dataset: await api.get(id) } }], ANSWER);
      } catch (thrown) {
        const text = hasStatus(thrown, 404) ? 'There is no such dataset, or you may not read it.' : message(thrown);
        store.record([{ type: 'datasets/datasetFailed', data: { id, message: text } }], ANSWER);
      }
    },
    async loadPickers() {
      // A picker whose list cannot be read offers what it had (the editor's owners picker: the dataset's).
      await Promise.all([
        api.databases().then(
          (options) => void store.record([{ type: 'datasets/databaseOptionsLoaded', data: { options } }], ANSWER),
          () => undefined,
        ),
        api.owners('').then(
          (options) => void store.record([{ type: 'datasets/ownerOptionsLoaded', data: { options } }], ANSWER),
          () => undefined,
        ),
      ]);
    },
    async loadSchemaOptions(databaseId) {
      try {
        const schemas = await api.schemas(databaseId);
        store.record([{ type: 'datasets/schemaOptionsLoaded', data: { databaseId, schemas } }], ANSWER);
      } catch {
        store.record([{ type: 'datasets/schemaOptionsLoaded', data: { databaseId, schemas: [] } }], ANSWER);
      }
    },
    edit: (event) => void store.record([event], EDIT),
    addCalculatedColumn() {
      const taken = draft()?.columns.map((c) => c.column_name) ?? [];
      store.record(
        [{ type: 'datasetEditor/calculatedColumnAdded', data: { column: freeDraftName('calculated', taken) } }],
        EDIT,
      );
    },
    addMetric() {
      const taken = draft()?.metrics.map((m) => m.metric_name) ?? [];
      store.record([{ type: 'datasetEditor/metricAdded', data: { metric: freeDraftName('metric', taken) } }], EDIT);
    },
    undo: () => void (inCurrentDraft('undo') && store.store.undo(context.actor())),
    redo: () => void (inCurrentDraft('redo') && store.store.redo(context.actor())),
    history$: merge(store.store.log$, store.store.cursor$).pipe(
      map(() => ({ canUndo: inCurrentDraft('undo'), canRedo: inCurrentDraft('redo') })),
      distinctUntilChanged((a, b) => a.canUndo === b.canUndo && a.canRedo === b.canRedo),
    ),
    openCreateDialog: () => void store.record([{ type: 'datasetCreate/dialogOpened', data: {} }]),
    // The dialog's choices are facts of the log (time travel, export) but not undo steps: it has no undo.
    choose: (event) => void store.record([event]),
    async loadSchemas(databaseId) {
      try {
        const schemas = await api.schemas(databaseId);
        store.record([{ type: 'datasetCreate/schemasLoaded', data: { databaseId, schemas } }], ANSWER);
      } catch {
        store.record([{ type: 'datasetCreate/schemasLoaded', data: { databaseId, schemas: [] } }], ANSWER);
      }
    },
    async loadTables(databaseId, schema) {
      try {
        const tables = await api.tables(databaseId, schema);
        store.record([{ type: 'datasetCreate/tablesLoaded', data: { databaseId, schema, tables } }], ANSWER);
      } catch {
        store.record([{ type: 'datasetCreate/tablesLoaded', data: { databaseId, schema, tables: [] } }], ANSWER);
      }
    },
    async create(body) {
      if (store.record([{ type: 'datasets/createRequested', data: { table_name: body.table_name } }]).length === 0)
        return null;
      try {
        const dataset = await api.create(body);
        store.record([{ type: 'datasets/datasetSaved', data: { dataset } }], ANSWER);
        return dataset;
      } catch (thrown) {
        store.record([{ type: 'datasets/createRefused', data: { message: message(thrown) } }], ANSWER);
        return null;
      }
    },
    async save() {
      const { dataset, draft: form } = store.getState().editor;
      if (!dataset || !form) return false;
      const body = datasetEditBody(dataset, form);
      return write(dataset.id, { type: 'datasets/saveRequested', data: { id: dataset.id } }, () =>
        api.update(dataset.id, body),
      );
    },
    async sync(id) {
      await write(id, { type: 'datasets/syncRequested', data: { id } }, () => api.refresh(id));
    },
    async remove(id) {
      if (store.record([{ type: 'datasets/deleteRequested', data: { id } }]).length === 0) return false;
      try {
        await api.remove(id);
        store.record([{ type: 'datasets/datasetDeleted', data: { id } }], ANSWER);
        return true;
      } catch (thrown) {
        toasts.danger(`Could not delete the dataset: ${message(thrown)}`);
        return false;
      }
    },
  };
}
