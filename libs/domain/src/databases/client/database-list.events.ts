/**
 * The databases page (`/databaseview/list/`, issue 15 item 1) as facts the client learnt: the list the
 * server answered, a connection saved or deleted, a test's answer, what uses a database. The page's
 * typing (the form, the search box) is not here: it is how the page is looked at.
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';

/** A database as `/api/v1/database/` answers it (the password only ever as the mask). */
export interface DatabaseView {
  id: number;
  database_name: string;
  backend: string;
  sqlalchemy_uri: string | null;
  parameters: {
    engine: string;
    host: string;
    port: number;
    database: string;
    username: string;
    password?: string;
    query: Record<string, string>;
  } | null;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allows_cost_estimate: boolean;
  allow_file_upload: boolean;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  extra: string;
  roles_with_access: string[];
  changed_on: string;
}

/** `GET /api/v1/database/{id}/related_objects/`. */
export interface RelatedObjectsView {
  charts: { count: number; result: { id: number; slice_name: string; viz_type: string }[] };
  datasets: { count: number; result: { id: number; table_name: string; schema: string | null }[] };
}

/** A test connection's answer: OK, or the engine's failure as the spec's connection error type. */
export interface ConnectionTestView {
  ok: boolean;
  errorType: string | null;
  message: string;
}

export const DATABASE_LIST_LOADED = 'databaseList/loaded' as const;
export const DATABASE_LIST_LOAD_FAILED = 'databaseList/loadFailed' as const;
export const DATABASE_LIST_SAVED = 'databaseList/saved' as const;
export const DATABASE_LIST_DELETED = 'databaseList/deleted' as const;
export const DATABASE_LIST_CONNECTION_TESTED = 'databaseList/connectionTested' as const;
export const DATABASE_LIST_TEST_CLEARED = 'databaseList/testCleared' as const;
export const DATABASE_LIST_RELATED_LOADED = 'databaseList/relatedLoaded' as const;

export type DatabaseListEvent =
  | EventLike<typeof DATABASE_LIST_LOADED, { search: string; count: number; databases: DatabaseView[] }>
  | EventLike<typeof DATABASE_LIST_LOAD_FAILED, { message: string }>
  | EventLike<typeof DATABASE_LIST_SAVED, { database: DatabaseView }>
  | EventLike<typeof DATABASE_LIST_DELETED, { id: number; name: string }>
  | EventLike<typeof DATABASE_LIST_CONNECTION_TESTED, ConnectionTestView>
  | EventLike<typeof DATABASE_LIST_TEST_CLEARED, Record<string, never>>
  | EventLike<typeof DATABASE_LIST_RELATED_LOADED, { id: number; related: RelatedObjectsView }>;

export interface DatabaseListState {
  /** null until the first list arrives. */
  databases: readonly DatabaseView[] | null;
  count: number;
  search: string;
  loadError: string | null;
  /** The last test connection's answer, until the form changes or closes. */
  test: ConnectionTestView | null;
  related: Readonly<Record<number, RelatedObjectsView>>;
}

const byName = (a: DatabaseView, b: DatabaseView) => a.database_name.localeCompare(b.database_name);

export const databaseListFold = {
  initialState: (): DatabaseListState => ({
    databases: null,
    count: 0,
    search: '',
    loadError: null,
    test: null,
    related: {},
  }),
  evolve(state: DatabaseListState, event: DatabaseListEvent): DatabaseListState {
    switch (event.type) {
      case DATABASE_LIST_LOADED:
        return {
          ...state,
          databases: event.data.databases,
          count: event.data.count,
          search: event.data.search,
          loadError: null,
        };
      case DATABASE_LIST_LOAD_FAILED:
        return { ...state, loadError: event.data.message };
      case DATABASE_LIST_SAVED: {
        const saved = event.data.database;
        const list = state.databases ?? [];
        const known = list.some((d) => d.id === saved.id);
        const databases = known ? list.map((d) => (d.id === saved.id ? saved : d)) : [...list, saved].sort(byName);
        return { ...state, databases, count: known ? state.count : state.count + 1, test: null };
      }
      case DATABASE_LIST_DELETED: {
        const { [event.data.id]: _gone, ...related } = state.related;
        return {
          ...state,
          databases: (state.databases ?? []).filter((d) => d.id !== event.data.id),
          count: Math.max(0, state.count - 1),
          related,
        };
      }
      case DATABASE_LIST_CONNECTION_TESTED:
        return { ...state, test: event.data };
      case DATABASE_LIST_TEST_CLEARED:
        return { ...state, test: null };
      case DATABASE_LIST_RELATED_LOADED:
        return { ...state, related: { ...state.related, [event.data.id]: event.data.related } };
      default:
        return unchanged(event, state);
    }
  },
};
