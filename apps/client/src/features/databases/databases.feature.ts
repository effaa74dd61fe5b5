import { catchError, concatMap, defer, EMPTY, map, Subject, switchMap, type Observable } from 'rxjs';
import {
  DATABASE_LIST_CONNECTION_TESTED,
  DATABASE_LIST_DELETED,
  DATABASE_LIST_LOAD_FAILED,
  DATABASE_LIST_LOADED,
  DATABASE_LIST_RELATED_LOADED,
  DATABASE_LIST_ROLES_LISTED,
  DATABASE_LIST_SAVED,
  connectionBody,
  databaseBody,
  databaseFormOf,
  databaseListFold,
  EMPTY_DATABASE_FORM,
  maskUriPassword,
  missingDatabaseField,
  type DatabaseForm,
  type DatabaseFormEvent,
  type DatabaseListState,
  type DatabasesPageEvent,
  type DatabaseView,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import type { ToastsFeature } from '../toasts/toasts.feature';
import { databasesApi, type DatabasesApi } from './databases-api';

/** A refusal the page shows where it happened (the modal, the delete dialog). */
export interface Outcome {
  ok: boolean;
  message: string;
  /** The refusal's type, e.g. CONNECTION_DATABASE_PERMISSIONS_ERROR (a dangerous login to confirm). */
  errorType?: string;
}

type Write =
  | {
      type: 'save';
      id: number | null;
      body: Record<string, unknown>;
      roles?: string[];
      done: (o: Outcome) => void;
    }
  | { type: 'delete'; id: number; name: string; done: (o: Outcome) => void }
  | { type: 'test'; body: Record<string, unknown>; done: () => void }
  | { type: 'related'; id: number; done: () => void };

/** The modal's gestures the feature records as they are (those carrying no secret). */
type PlainFormEvent = Exclude<
  DatabaseFormEvent,
  { type: 'databaseForm/opened' | 'databaseForm/passwordTyped' | 'databaseForm/uriTyped' }
>;

export interface DatabasesFeature {
  readonly store: FeatureStore<DatabaseListState, DatabasesPageEvent>;
  readonly api: DatabasesApi;
  /** Reads the list whose names contain `search` (a newer call wins). */
  load(search: string): void;
  /**
   * Creates (id null) or updates, then grants `roles` when they differ from the saved database's;
   * resolves with the server's refusal, if any.
   */
  save(id: number | null, body: Record<string, unknown>, roles?: string[]): Promise<Outcome>;
  remove(id: number, name: string): Promise<Outcome>;
  /** The answer lands in `state.test`: OK or the engine's failure as a connection error type. */
  testConnection(body: Record<string, unknown>): Promise<void>;
  /** The search box's text as typed. */
  typeSearch(text: string): void;
  /** Opens the add (null) or edit modal: its form is the fold's `form`. */
  openForm(database: DatabaseView | null): void;
  closeForm(): void;
  /** One gesture of the modal's form. */
  change(event: PlainFormEvent): void;
  /** The password typed: kept beside the store (the log records only that one was typed). */
  typePassword(password: string): void;
  /** The URI typed: kept beside the store, recorded with its password masked. */
  typeUri(uri: string): void;
  /** Test connection on the open form (the stored password on an edit, found by the database's name). */
  testForm(): Promise<void>;
  /** Connect / Finish on the open form: the modal closes when saved, else the refusal is in `form.error`. */
  submitForm(): Promise<void>;
  loadRelated(id: number): Promise<void>;
  dispose(): void;
}

/** The admin's databases page (issue 15 item 1): list, add/edit, test connection, delete. */
export function createDatabases(context: ClientContext, http: HttpClient, toasts: ToastsFeature): DatabasesFeature {
  const api = databasesApi(http);
  const store = createFeatureStore<DatabaseListState, DatabasesPageEvent>('databases', databaseListFold, context);
  // What was really typed in the open form's password and URI: never in the log (a password would reach
  // exports, bug reports and the audit), sent to the server only. Forgotten when the form opens or closes.
  let secrets: { password: string | null; uri: string | null } = { password: null, uri: null };
  const withSecrets = (values: DatabaseForm): DatabaseForm => ({
    ...values,
    password: secrets.password ?? values.password,
    uri: secrets.uri ?? values.uri,
  });
  const editing = (): DatabaseView | undefined => {
    const { form, databases } = store.getState();
    return form?.databaseId == null ? undefined : databases?.find((d) => d.id === form.databaseId);
  };
  const confirmation = () => (store.getState().form?.dangerousLoginAccepted ? { confirm_dangerous_login: true } : {});
  const loads$ = new Subject<string>();
  const writes$ = new Subject<Write>();
  const refusal = (thrown: unknown) => toClientError(thrown);
  const refused = (thrown: unknown): Outcome => {
    const error = refusal(thrown);
    return { ok: false, message: error.message, errorType: error.errors[0]?.error_type ?? error.error_type };
  };

  const loads = loads$.pipe(
    switchMap((search) =>
      defer(() => api.list(search)).pipe(
        map(({ count, result }) =>
          store.record([{ type: DATABASE_LIST_LOADED, data: { search, count, databases: result } }], MAY_LAND_IN_PAST),
        ),
        catchError((thrown: unknown) => {
          store.record(
            [{ type: DATABASE_LIST_LOAD_FAILED, data: { message: refusal(thrown).message } }],
            MAY_LAND_IN_PAST,
          );
          return EMPTY;
        }),
      ),
    ),
  );

  const write = (command: Write): Observable<void> => {
    switch (command.type) {
      case 'save':
        return defer(async () => {
          const { result } = await (command.id === null
            ? api.create(command.body)
            : api.update(command.id, command.body));
          const roles = command.roles;
          if (roles === undefined || sameRoles(roles, result.roles_with_access)) return { result };
          const granted = await api.setAccess(result.id, roles);
          return { result: { ...result, roles_with_access: granted.result.roles } };
        }).pipe(
          map(({ result }) => {
            store.record([{ type: DATABASE_LIST_SAVED, data: { database: result } }], MAY_LAND_IN_PAST);
            toasts.success(`Database ${result.database_name} was saved`);
            command.done({ ok: true, message: '' });
          }),
          catchError((thrown: unknown) => {
            command.done(refused(thrown));
            return EMPTY;
          }),
        );
      case 'delete':
        return defer(() => api.remove(command.id)).pipe(
          map(() => {
            store.record(
              [{ type: DATABASE_LIST_DELETED, data: { id: command.id, name: command.name } }],
              MAY_LAND_IN_PAST,
            );
            toasts.success(`Database ${command.name} was deleted`);
            command.done({ ok: true, message: '' });
          }),
          catchError((thrown: unknown) => {
            command.done(refused(thrown));
            return EMPTY;
          }),
        );
      case 'test':
        return defer(() => api.testConnection(command.body)).pipe(
          map(() => {
            store.record(
              [
                {
                  type: DATABASE_LIST_CONNECTION_TESTED,
                  data: { ok: true, errorType: null, message: 'Connection looks good!' },
                },
              ],
              MAY_LAND_IN_PAST,
            );
            command.done();
          }),
          catchError((thrown: unknown) => {
            const error = refusal(thrown);
            store.record(
              [
                {
                  type: DATABASE_LIST_CONNECTION_TESTED,
                  data: {
                    ok: false,
                    errorType: error.errors[0]?.error_type ?? error.error_type,
                    message: error.message,
                  },
                },
              ],
              MAY_LAND_IN_PAST,
            );
            command.done();
            return EMPTY;
          }),
        );
      case 'related':
        return defer(() => api.related(command.id)).pipe(
          map((related) => {
            store.record([{ type: DATABASE_LIST_RELATED_LOADED, data: { id: command.id, related } }], MAY_LAND_IN_PAST);
            command.done();
          }),
          catchError(() => {
            command.done();
            return EMPTY;
          }),
        );
      default: {
        const unknown: never = command;
        throw new Error(`unknown databases command ${JSON.stringify(unknown)}`);
      }
    }
  };

  const subscriptions = [loads.subscribe(), writes$.pipe(concatMap(write)).subscribe()];

  const save = (id: number | null, body: Record<string, unknown>, roles?: string[]) =>
    new Promise<Outcome>((done) => writes$.next({ type: 'save', id, body, roles, done }));
  const testConnection = (body: Record<string, unknown>) =>
    new Promise<void>((done) => writes$.next({ type: 'test', body, done }));
  /** The open form with what was typed, or null (and the refusal recorded) when it lacks something. */
  const complete = (forTest: boolean): DatabaseForm | null => {
    const form = store.getState().form;
    if (!form) return null;
    const values = withSecrets(form.values);
    const missing = missingDatabaseField(forTest ? { ...values, database_name: values.database_name || '-' } : values);
    if (!missing) return values;
    store.record([{ type: 'databaseForm/incompleteRefused', data: { message: missing } }]);
    return null;
  };

  return {
    store,
    api,
    load: (search) => loads$.next(search),
    save,
    remove: (id, name) => new Promise((done) => writes$.next({ type: 'delete', id, name, done })),
    testConnection,
    typeSearch: (text) => store.record([{ type: 'databaseList/searchTyped', data: { text } }]),
    openForm: (database) => {
      secrets = { password: null, uri: null };
      store.record([
        {
          type: 'databaseForm/opened',
          data: { databaseId: database?.id ?? null, form: database ? databaseFormOf(database) : EMPTY_DATABASE_FORM },
        },
      ]);
      // "Roles with access" offers the custom roles too, read as the form opens (a role made a moment ago
      // counts); if they cannot be read, the built-in ones stay offered.
      api.roleNames().then(
        (roles) => store.record([{ type: DATABASE_LIST_ROLES_LISTED, data: { roles } }], MAY_LAND_IN_PAST),
        () => undefined,
      );
    },
    closeForm: () => {
      secrets = { password: null, uri: null };
      store.record([{ type: 'databaseForm/closed', data: {} }]);
    },
    change: (event) => store.record([event]),
    typePassword: (password) => {
      secrets = { ...secrets, password };
      store.record([{ type: 'databaseForm/passwordTyped', data: {} }]);
    },
    typeUri: (uri) => {
      secrets = { ...secrets, uri };
      store.record([{ type: 'databaseForm/uriTyped', data: { uri: maskUriPassword(uri) } }]);
    },
    testForm: async () => {
      const values = complete(true);
      if (!values) return;
      if (store.record([{ type: 'databaseForm/testRequested', data: {} }]).length === 0) return;
      // The edit form tests with the stored password (the mask): the server finds it by the name.
      await testConnection({ database_name: editing()?.database_name, ...connectionBody(values), ...confirmation() });
    },
    submitForm: async () => {
      const values = complete(false);
      if (!values) return;
      if (store.record([{ type: 'databaseForm/saveRequested', data: {} }]).length === 0) return;
      const database = editing();
      const outcome = await save(
        database?.id ?? null,
        {
          ...databaseBody(values, database?.extra, database ? databaseFormOf(database) : undefined),
          ...confirmation(),
        },
        values.roles,
      );
      if (outcome.ok) secrets = { password: null, uri: null };
      else
        store.record(
          [
            {
              type: 'databaseForm/saveRefused',
              data: { message: outcome.message, errorType: outcome.errorType ?? null },
            },
          ],
          MAY_LAND_IN_PAST,
        );
    },
    loadRelated: (id) => new Promise((done) => writes$.next({ type: 'related', id, done })),
    dispose: () => subscriptions.forEach((s) => s.unsubscribe()),
  };
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
