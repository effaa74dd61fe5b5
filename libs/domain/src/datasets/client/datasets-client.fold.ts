import { leaveUnchanged } from '../../shared/exhaustive';
import { datasetDraftOf, type DatasetDraft } from './dataset-draft';
import {
  emptyCreateForm,
  evolveCreateForm,
  type DatasetCreateEvent,
  type DatasetCreateForm,
} from './dataset-create.events';
import type { DatasetEditorEvent } from './dataset-editor.events';
import { evolveDatasetDraft } from './dataset-editor.evolve';
import type { DatasetListFilters, DatasetPickerOption, DatasetView } from './dataset-view';
import type { DatasetsPageEvent } from './datasets-client.events';

/** Every event of the client's `datasets` store. */
export type DatasetsClientEvent = DatasetsPageEvent | DatasetEditorEvent | DatasetCreateEvent;

export interface DatasetsClientState {
  list: {
    requestId: string | null;
    filters: DatasetListFilters | null;
    loading: boolean;
    rows: DatasetView[];
    count: number;
    error: string | null;
  };
  /** The dataset the editor shows; `writing` while a save or sync awaits its answer, `error` its refusal. */
  editor: {
    id: number | null;
    loading: boolean;
    /** The server's last answer: what the draft starts from and a save is compared with. */
    dataset: DatasetView | null;
    /** The analyst's unsaved form: the server's answer with their edits since (null until it is read). */
    draft: DatasetDraft | null;
    error: string | null;
    writing: 'save' | 'sync' | null;
    writeError: string | null;
  };
  /** What the pickers offer, as the server last answered (empty until read). */
  pickers: {
    databases: DatasetPickerOption[];
    owners: DatasetPickerOption[];
    schemas: Readonly<Record<number, string[]>>;
  };
  create: { pending: boolean; error: string | null; created: DatasetView | null; form: DatasetCreateForm };
}

const initialState = (): DatasetsClientState => ({
  list: { requestId: null, filters: null, loading: false, rows: [], count: 0, error: null },
  editor: {
    id: null,
    loading: false,
    dataset: null,
    draft: null,
    error: null,
    writing: null,
    writeError: null,
  },
  pickers: { databases: [], owners: [], schemas: {} },
  create: { pending: false, error: null, created: null, form: emptyCreateForm() },
});

function evolvePage(state: DatasetsClientState, event: DatasetsPageEvent): DatasetsClientState {
  const { list, editor } = state;
  switch (event.type) {
    case 'datasets/listQueried':
      return { ...state, list: { ...list, ...event.data, loading: true, error: null } };
    case 'datasets/listLoaded':
      // Only the latest query's answer: typing in the search box sends several.
      if (event.data.requestId !== list.requestId) return state;
      return { ...state, list: { ...list, loading: false, rows: event.data.rows, count: event.data.count } };
    case 'datasets/listFailed':
      if (event.data.requestId !== list.requestId) return state;
      return { ...state, list: { ...list, loading: false, error: event.data.message } };
    case 'datasets/datasetQueried': {
      const same = editor.id === event.data.id;
      return {
        ...state,
        editor: {
          ...editor,
          id: event.data.id,
          loading: true,
          error: null,
          writing: null,
          writeError: null,
          dataset: same ? editor.dataset : null,
          draft: same ? editor.draft : null,
        },
      };
    }
    case 'datasets/datasetLoaded':
    case 'datasets/datasetSaved': {
      const { dataset } = event.data;
      const rows = list.rows.map((r) => (r.id === dataset.id ? dataset : r));
      const shown = editor.id === dataset.id;
      return {
        ...state,
        list: { ...list, rows },
        // The draft starts again from each answer: what the editor shows after a save is what was stored.
        editor: shown
          ? { ...editor, loading: false, dataset, draft: datasetDraftOf(dataset), writing: null, writeError: null }
          : editor,
        create:
          event.type === 'datasets/datasetSaved' && state.create.pending
            ? { ...state.create, pending: false, error: null, created: dataset }
            : state.create,
      };
    }
    case 'datasets/datasetFailed':
      if (event.data.id !== editor.id) return state;
      return { ...state, editor: { ...editor, loading: false, error: event.data.message } };
    case 'datasets/databaseOptionsLoaded':
      return { ...state, pickers: { ...state.pickers, databases: event.data.options } };
    case 'datasets/ownerOptionsLoaded':
      return { ...state, pickers: { ...state.pickers, owners: event.data.options } };
    case 'datasets/schemaOptionsLoaded': {
      const schemas = { ...state.pickers.schemas, [event.data.databaseId]: event.data.schemas };
      return { ...state, pickers: { ...state.pickers, schemas } };
    }
    case 'datasets/createRequested':
      return { ...state, create: { ...state.create, pending: true, error: null, created: null } };
    case 'datasets/createRefused':
      return { ...state, create: { ...state.create, pending: false, error: event.data.message, created: null } };
    case 'datasets/saveRequested':
    case 'datasets/syncRequested':
      return {
        ...state,
        editor: { ...editor, writing: event.type === 'datasets/saveRequested' ? 'save' : 'sync', writeError: null },
      };
    case 'datasets/writeRefused':
      // A refused save keeps the draft: the analyst fixes it and saves again.
      if (event.data.id !== editor.id) return state;
      return { ...state, editor: { ...editor, writing: null, writeError: event.data.message } };
    case 'datasets/deleteRequested':
      return state;
    case 'datasets/datasetDeleted': {
      const rows = list.rows.filter((r) => r.id !== event.data.id);
      return { ...state, list: { ...list, rows, count: list.count - (list.rows.length - rows.length) } };
    }
    default:
      return leaveUnchanged(event, state);
  }
}

const isEditorEvent = (e: DatasetsClientEvent): e is DatasetEditorEvent => e.type.startsWith('datasetEditor/');
const isCreateEvent = (e: DatasetsClientEvent): e is DatasetCreateEvent => e.type.startsWith('datasetCreate/');

function evolve(state: DatasetsClientState, event: DatasetsClientEvent): DatasetsClientState {
  if (isEditorEvent(event)) {
    const { dataset, draft } = state.editor;
    // An edit lands on the draft it was made in; one for another dataset's draft (Discard) changes nothing.
    if (dataset === null || draft === null) return state;
    if (event.type === 'datasetEditor/draftDiscarded' && event.data.id !== dataset.id) return state;
    return { ...state, editor: { ...state.editor, draft: evolveDatasetDraft(draft, event, dataset) } };
  }
  if (isCreateEvent(event)) {
    const form = evolveCreateForm(state.create.form, event);
    // A new opening of the dialog also forgets the earlier one's refusal.
    const reset = event.type === 'datasetCreate/dialogOpened' ? { error: null, created: null } : {};
    return { ...state, create: { ...state.create, ...reset, form } };
  }
  return evolvePage(state, event);
}

/** The client's `datasets` store: the list, the editor (server answer and unsaved draft), the create dialog. */
export const datasetsClientFold = { initialState, evolve };
