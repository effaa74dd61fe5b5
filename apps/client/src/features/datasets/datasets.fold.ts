/**
 * The dataset pages' state, a fold of their store's log (DESIGN "Client"). The events are loads and the
 * server's answers: the intents themselves (create, edit, sync, delete) are decided and recorded on the
 * dataset's stream `dataset:<id>` by the server; the pages record what they asked and were answered.
 */
import type { Fold } from '@strata/events';
import { unchanged } from '../../shared/exhaustive';
import type { DatasetView } from './api/datasets-api';
import type { DatasetListFilters } from './list/dataset-list-url';

export type DatasetsEvent =
  | { type: 'datasets/listQueried'; data: { requestId: string; filters: DatasetListFilters } }
  | { type: 'datasets/listLoaded'; data: { requestId: string; count: number; rows: DatasetView[] } }
  | { type: 'datasets/listFailed'; data: { requestId: string; message: string } }
  | { type: 'datasets/datasetQueried'; data: { id: number } }
  | { type: 'datasets/datasetLoaded'; data: { dataset: DatasetView } }
  | { type: 'datasets/datasetFailed'; data: { id: number; message: string } }
  /** The user's intents, recorded before the call: a page showing the past (time travel) refuses them. */
  | { type: 'datasets/createRequested'; data: { table_name: string } }
  | { type: 'datasets/createRefused'; data: { message: string } }
  | { type: 'datasets/saveRequested'; data: { id: number } }
  | { type: 'datasets/syncRequested'; data: { id: number } }
  | { type: 'datasets/writeRefused'; data: { id: number; message: string } }
  /** The server's answer to a create, a save or a sync: the dataset as it is now. */
  | { type: 'datasets/datasetSaved'; data: { dataset: DatasetView } }
  | { type: 'datasets/deleteRequested'; data: { id: number } }
  | { type: 'datasets/datasetDeleted'; data: { id: number } };

export interface DatasetsState {
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
    dataset: DatasetView | null;
    error: string | null;
    writing: 'save' | 'sync' | null;
    writeError: string | null;
    /** How many answers replaced the dataset: the editor's form starts again from each one. */
    revision: number;
  };
  create: { pending: boolean; error: string | null; created: DatasetView | null };
}

const initialState = (): DatasetsState => ({
  list: { requestId: null, filters: null, loading: false, rows: [], count: 0, error: null },
  editor: { id: null, loading: false, dataset: null, error: null, writing: null, writeError: null, revision: 0 },
  create: { pending: false, error: null, created: null },
});

function evolve(state: DatasetsState, event: DatasetsEvent): DatasetsState {
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
    case 'datasets/datasetQueried':
      return {
        ...state,
        editor: { ...editor, id: event.data.id, loading: true, error: null, writing: null, writeError: null },
      };
    case 'datasets/datasetLoaded':
    case 'datasets/datasetSaved': {
      const { dataset } = event.data;
      const rows = list.rows.map((r) => (r.id === dataset.id ? dataset : r));
      const shown = editor.id === dataset.id;
      return {
        ...state,
        list: { ...list, rows },
        editor: shown
          ? { ...editor, loading: false, dataset, writing: null, writeError: null, revision: editor.revision + 1 }
          : editor,
        create:
          event.type === 'datasets/datasetSaved' && state.create.pending
            ? { pending: false, error: null, created: dataset }
            : state.create,
      };
    }
    case 'datasets/datasetFailed':
      if (event.data.id !== editor.id) return state;
      return { ...state, editor: { ...editor, loading: false, error: event.data.message } };
    case 'datasets/createRequested':
      return { ...state, create: { pending: true, error: null, created: null } };
    case 'datasets/createRefused':
      return { ...state, create: { pending: false, error: event.data.message, created: null } };
    case 'datasets/saveRequested':
    case 'datasets/syncRequested':
      return {
        ...state,
        editor: { ...editor, writing: event.type === 'datasets/saveRequested' ? 'save' : 'sync', writeError: null },
      };
    case 'datasets/writeRefused':
      if (event.data.id !== editor.id) return state;
      return { ...state, editor: { ...editor, writing: null, writeError: event.data.message } };
    case 'datasets/deleteRequested':
      return state;
    case 'datasets/datasetDeleted': {
      const rows = list.rows.filter((r) => r.id !== event.data.id);
      return { ...state, list: { ...list, rows, count: list.count - (list.rows.length - rows.length) } };
    }
    default:
      return unchanged(event, state);
  }
}

export const datasetsFold: Fold<DatasetsState, DatasetsEvent> = { initialState, evolve };
