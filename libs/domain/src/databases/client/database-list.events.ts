/**
 * The databases page (`/databaseview/list/`, issue 15 item 1) as facts: the list the server answered,
 * the search typed, a connection saved or deleted, a test's answer, what uses a database; and the
 * add/edit modal's form, made by its own intents (database-form.events.ts).
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';
import { BUILT_IN_ROLES } from '../../platform/permissions/built-in-roles';
import { evolveDatabaseForm, type DatabaseFormEvent, type DatabaseFormState } from './database-form.events';

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
export const DATABASE_LIST_SEARCH_TYPED = 'databaseList/searchTyped' as const;
export const DATABASE_LIST_ROLES_LISTED = 'databaseList/rolesListed' as const;

/** Admins read every database already: the other roles are the ones granted one. */
const grantable = (roles: readonly string[]) => roles.filter((role) => role !== 'Admin');

export type DatabaseListEvent =
  | EventLike<typeof DATABASE_LIST_LOADED, { search: string; count: number; databases: DatabaseView[] }>
  | EventLike<typeof DATABASE_LIST_LOAD_FAILED, { message: string }>
  | EventLike<typeof DATABASE_LIST_SAVED, { database: DatabaseView }>
  | EventLike<typeof DATABASE_LIST_DELETED, { id: number; name: string }>
  | EventLike<typeof DATABASE_LIST_CONNECTION_TESTED, ConnectionTestView>
  | EventLike<typeof DATABASE_LIST_TEST_CLEARED, Record<string, never>>
  | EventLike<typeof DATABASE_LIST_RELATED_LOADED, { id: number; related: RelatedObjectsView }>
  /** The search box's text as typed (the list follows when it is sent). */
  | EventLike<typeof DATABASE_LIST_SEARCH_TYPED, { text: string }>
  /** The roles the server has, built-in and custom (GET /api/v1/security/roles/): "Roles with access" offers them. */
  | EventLike<typeof DATABASE_LIST_ROLES_LISTED, { roles: string[] }>;

/** Everything the databases page records: the list's facts and the modal's gestures. */
export type DatabasesPageEvent = DatabaseListEvent | DatabaseFormEvent;

export interface DatabaseListState {
  /** null until the first list arrives. */
  databases: readonly DatabaseView[] | null;
  count: number;
  /** The search the list answers. */
  search: string;
  /** The search box's text. */
  searchText: string;
  loadError: string | null;
  /** The last test connection's answer, until the form changes or closes. */
  test: ConnectionTestView | null;
  related: Readonly<Record<number, RelatedObjectsView>>;
  /** The add/edit modal's form while it is open. */
  form: DatabaseFormState | null;
  /**
   * The roles "Roles with access" offers (Admin left out): the built-in ones until the server lists its
   * custom ones too; if it cannot, the built-in ones stay offered and the server checks what is granted.
   */
  roleChoices: string[];
}

const isDatabaseFormEvent = (event: DatabasesPageEvent): event is DatabaseFormEvent =>
  event.type.startsWith('databaseForm/');

/** The form's facts that change none of its values. */
const KEEPS_TEST: ReadonlySet<string> = new Set([
  'databaseForm/testRequested',
  'databaseForm/saveRequested',
  'databaseForm/saveRefused',
  'databaseForm/incompleteRefused',
  'databaseForm/dangerousLoginAccepted',
  'databaseForm/dangerousLoginDeclined',
]);

const byName = (a: DatabaseView, b: DatabaseView) => a.database_name.localeCompare(b.database_name);

export const databaseListFold = {
  initialState: (): DatabaseListState => ({
    databases: null,
    count: 0,
    search: '',
    searchText: '',
    loadError: null,
    test: null,
    related: {},
    form: null,
    roleChoices: grantable(Object.keys(BUILT_IN_ROLES)),
  }),
  evolve(state: DatabaseListState, event: DatabasesPageEvent): DatabaseListState {
    if (isDatabaseFormEvent(event)) {
      if (state.form === null && event.type !== 'databaseForm/opened') return state;
      const form = evolveDatabaseForm(state.form, event);
      // A test's answer is about the form as it was: a change of the form puts it away.
      return { ...state, form, test: KEEPS_TEST.has(event.type) ? state.test : null };
    }
    const listEvent = event;
    switch (listEvent.type) {
      case DATABASE_LIST_LOADED:
        return {
          ...state,
          databases: listEvent.data.databases,
          count: listEvent.data.count,
          search: listEvent.data.search,
          loadError: null,
        };
      case DATABASE_LIST_LOAD_FAILED:
        return { ...state, loadError: listEvent.data.message };
      case DATABASE_LIST_SAVED: {
        const saved = listEvent.data.database;
        const list = state.databases ?? [];
        const known = list.some((d) => d.id === saved.id);
        const databases = known ? list.map((d) => (d.id === saved.id ? saved : d)) : [...list, saved].sort(byName);
        return { ...state, databases, count: known ? state.count : state.count + 1, test: null, form: null };
      }
      case DATABASE_LIST_DELETED: {
        const { [listEvent.data.id]: _gone, ...related } = state.related;
        return {
          ...state,
          databases: (state.databases ?? []).filter((d) => d.id !== listEvent.data.id),
          count: Math.max(0, state.count - 1),
          related,
        };
      }
      case DATABASE_LIST_CONNECTION_TESTED:
        return { ...state, test: listEvent.data, form: state.form && { ...state.form, pending: null } };
      case DATABASE_LIST_TEST_CLEARED:
        return { ...state, test: null };
      case DATABASE_LIST_RELATED_LOADED:
        return { ...state, related: { ...state.related, [listEvent.data.id]: listEvent.data.related } };
      case DATABASE_LIST_SEARCH_TYPED:
        return { ...state, searchText: listEvent.data.text };
      case DATABASE_LIST_ROLES_LISTED:
        return { ...state, roleChoices: grantable(listEvent.data.roles) };
      default:
        return unchanged(listEvent, state);
    }
  },
};
