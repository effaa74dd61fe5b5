/**
 * The add/edit database modal's gestures (issue 15 item 1), one past-tense intent each; the databases
 * page's fold (database-list.events.ts) keeps the form they make.
 *
 * No password ever enters the log: a typed password is the fact `passwordTyped` without its value, and a
 * typed URI is kept with its password masked. The page's feature holds what was really typed aside and
 * sends it to the server only (the same rule as the server's events: databases/CONTEXT.md).
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import { DATABASE_ENGINES, type DatabaseEngine, type DatabaseForm, type DatabaseFormOption } from './database-form';

export const DATABASE_FORM_OPENED = 'databaseForm/opened' as const;

export type DatabaseFormEvent =
  /** Add (databaseId null, the empty form) or edit (the form as the API answered the database). */
  | EventLike<typeof DATABASE_FORM_OPENED, { databaseId: number | null; form: DatabaseForm }>
  | EventLike<'databaseForm/closed', Record<string, never>>
  | EventLike<'databaseForm/nameTyped', { name: string }>
  | EventLike<'databaseForm/connectionMethodChosen', { method: DatabaseForm['method'] }>
  | EventLike<'databaseForm/engineChosen', { engine: DatabaseEngine }>
  | EventLike<'databaseForm/hostTyped', { host: string }>
  | EventLike<'databaseForm/portTyped', { port: string }>
  | EventLike<'databaseForm/databaseTyped', { database: string }>
  | EventLike<'databaseForm/usernameTyped', { username: string }>
  /** A password was typed; its value stays beside the store, never in the log. */
  | EventLike<'databaseForm/passwordTyped', Record<string, never>>
  | EventLike<'databaseForm/sslModeChosen', { sslMode: string }>
  /** The URI typed, its password masked. */
  | EventLike<'databaseForm/uriTyped', { uri: string }>
  | EventLike<'databaseForm/optionEnabled', { option: DatabaseFormOption }>
  | EventLike<'databaseForm/optionDisabled', { option: DatabaseFormOption }>
  | EventLike<'databaseForm/ctasSchemaTyped', { schema: string }>
  | EventLike<'databaseForm/uploadSchemasTyped', { schemas: string }>
  | EventLike<'databaseForm/cacheTimeoutTyped', { timeout: string }>
  | EventLike<'databaseForm/roleGranted', { role: string }>
  | EventLike<'databaseForm/roleWithdrawn', { role: string }>
  | EventLike<'databaseForm/dangerousLoginAccepted', Record<string, never>>
  | EventLike<'databaseForm/dangerousLoginDeclined', Record<string, never>>
  /** Test connection or Finish was pressed on a form that lacks something: what it lacks. */
  | EventLike<'databaseForm/incompleteRefused', { message: string }>
  | EventLike<'databaseForm/testRequested', Record<string, never>>
  | EventLike<'databaseForm/saveRequested', Record<string, never>>
  /** The server refused the save (a taken name, a dangerous login to confirm, a connection that fails). */
  | EventLike<'databaseForm/saveRefused', { message: string; errorType: string | null }>;

/** The open modal: its form (never holding a typed password), what is in flight, the last refusal. */
export interface DatabaseFormState {
  databaseId: number | null;
  values: DatabaseForm;
  /** A password was typed in this form (its value is beside the store). */
  passwordTyped: boolean;
  pending: 'test' | 'save' | null;
  error: { message: string; errorType: string | null } | null;
  dangerousLoginAccepted: boolean;
}

const typed = (state: DatabaseFormState, values: Partial<DatabaseForm>): DatabaseFormState => ({
  ...state,
  values: { ...state.values, ...values },
  error: null,
});

/** The form after one of its gestures (the page's fold also drops a test's answer on any typing). */
export function evolveDatabaseForm(
  state: DatabaseFormState | null,
  event: DatabaseFormEvent,
): DatabaseFormState | null {
  if (event.type === 'databaseForm/opened')
    return {
      databaseId: event.data.databaseId,
      values: event.data.form,
      passwordTyped: false,
      pending: null,
      error: null,
      dangerousLoginAccepted: false,
    };
  if (state === null) return null;
  switch (event.type) {
    case 'databaseForm/closed':
      return null;
    case 'databaseForm/nameTyped':
      return typed(state, { database_name: event.data.name });
    case 'databaseForm/connectionMethodChosen':
      return typed(state, { method: event.data.method });
    case 'databaseForm/engineChosen':
      return typed(state, {
        engine: event.data.engine,
        port: String(DATABASE_ENGINES[event.data.engine].port),
        sslMode: '',
      });
    case 'databaseForm/hostTyped':
      return typed(state, { host: event.data.host });
    case 'databaseForm/portTyped':
      return typed(state, { port: event.data.port });
    case 'databaseForm/databaseTyped':
      return typed(state, { database: event.data.database });
    case 'databaseForm/usernameTyped':
      return typed(state, { username: event.data.username });
    case 'databaseForm/passwordTyped':
      return { ...typed(state, { password: '' }), passwordTyped: true };
    case 'databaseForm/sslModeChosen':
      return typed(state, { sslMode: event.data.sslMode });
    case 'databaseForm/uriTyped':
      return typed(state, { uri: event.data.uri });
    case 'databaseForm/optionEnabled':
      return typed(state, { [event.data.option]: true });
    case 'databaseForm/optionDisabled':
      return typed(state, { [event.data.option]: false });
    case 'databaseForm/ctasSchemaTyped':
      return typed(state, { force_ctas_schema: event.data.schema });
    case 'databaseForm/uploadSchemasTyped':
      return typed(state, { upload_schemas: event.data.schemas });
    case 'databaseForm/cacheTimeoutTyped':
      return typed(state, { cache_timeout: event.data.timeout });
    case 'databaseForm/roleGranted':
      return state.values.roles.includes(event.data.role)
        ? state
        : typed(state, { roles: [...state.values.roles, event.data.role] });
    case 'databaseForm/roleWithdrawn':
      return typed(state, { roles: state.values.roles.filter((r) => r !== event.data.role) });
    case 'databaseForm/dangerousLoginAccepted':
      return { ...state, dangerousLoginAccepted: true };
    case 'databaseForm/dangerousLoginDeclined':
      return { ...state, dangerousLoginAccepted: false };
    case 'databaseForm/incompleteRefused':
      return { ...state, error: { message: event.data.message, errorType: null } };
    case 'databaseForm/testRequested':
      return { ...state, pending: 'test', error: null };
    case 'databaseForm/saveRequested':
      return { ...state, pending: 'save', error: null };
    case 'databaseForm/saveRefused':
      return { ...state, pending: null, error: { message: event.data.message, errorType: event.data.errorType } };
    default:
      return leaveUnchanged(event, state);
  }
}
