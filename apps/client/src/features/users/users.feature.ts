import { catchError, concatMap, defer, EMPTY, forkJoin, map, Subject, type Observable } from 'rxjs';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import type { ErrorsFeature } from '../errors/errors.feature';
import type { ToastsFeature } from '../toasts/toasts.feature';
import {
  USER_LIST_ROLES_LOADED,
  USER_LIST_USER_CREATED,
  USER_LIST_USER_CHANGED,
  USER_LIST_USER_DELETED,
  USER_LIST_USER_ROLES_CHANGED,
  USER_LIST_LOAD_FAILED,
  USER_LIST_LOADED,
  USER_LIST_ROLE_CREATED,
  USER_LIST_ROLE_DELETED,
  USER_LIST_ROLE_PERMISSIONS_REPLACED,
  usersFold,
  type CustomRole,
  type UserRow,
  type UsersEvent,
  type UsersState,
} from '@strata/domain';

export const USERS_PATH = '/api/v1/security/users/';
export const ROLES_PATH = '/api/v1/security/roles/';

export interface NewUser {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: string[];
}

/** What the admin's user form, the (de|re)activate toggle and the password reset send (only what changes). */
export interface UserChanges {
  first_name?: string;
  last_name?: string;
  email?: string;
  roles?: string[];
  active?: boolean;
  /** Reset: the admin sets a new password; the user's sessions end. */
  password?: string;
}

type UsersCommand =
  | { type: 'load' }
  | { type: 'create'; user: NewUser; done: (created: boolean) => void }
  | { type: 'changeRoles'; id: number; roles: string[]; done: (changed: boolean) => void }
  | { type: 'update'; id: number; changes: UserChanges; what: string; done: (changed: boolean) => void }
  | { type: 'remove'; user: UserRow; done: (removed: boolean) => void }
  | { type: 'createRole'; name: string; permissions: [string, string][]; done: (created: boolean) => void }
  | { type: 'replaceRolePermissions'; role: CustomRole; done: (changed: boolean) => void }
  | { type: 'deleteRole'; id: number; name: string; done: (removed: boolean) => void };

/** A role as the roles API lists it: built-in ones have no id. */
type RoleJson = { id: number | null; name: string; permissions: [string, string][] };

export interface UsersFeature {
  readonly store: FeatureStore<UsersState, UsersEvent>;
  load(): void;
  /** Resolves true once created; a refusal opens the error modal and resolves false. */
  create(user: NewUser): Promise<boolean>;
  changeRoles(id: number, roles: string[]): Promise<boolean>;
  /** `what` says it in words for the toast and the log: "edited", "deactivated", "reset the password of". */
  update(id: number, changes: UserChanges, what: string): Promise<boolean>;
  remove(user: UserRow): Promise<boolean>;
  /** Custom roles (Superset's roles API): each resolves true once the server has it; a refusal opens the error modal. */
  createRole(name: string, permissions: [string, string][]): Promise<boolean>;
  /** The role's whole set afterwards, as Superset's `POST /roles/{id}/permissions` replaces it. */
  replaceRolePermissions(role: CustomRole): Promise<boolean>;
  deleteRole(id: number, name: string): Promise<boolean>;
  dispose(): void;
}

/** The admin's users page: the list, creating users with roles, changing a user's roles. */
export function createUsers(
  context: ClientContext,
  http: HttpClient,
  deps: { toasts: ToastsFeature; errors: ErrorsFeature },
): UsersFeature {
  const store = createFeatureStore<UsersState, UsersEvent>('users', usersFold, context);
  const commands$ = new Subject<UsersCommand>();

  const failed = (title: string, done: (ok: boolean) => void) =>
    catchError<void, Observable<never>>((thrown: unknown) => {
      deps.errors.show(toClientError(thrown), title);
      done(false);
      return EMPTY;
    });

  const handle = (command: UsersCommand): Observable<void> => {
    switch (command.type) {
      case 'load':
        return forkJoin([
          defer(() => http.get<{ result: UserRow[] }>(USERS_PATH)),
          defer(() => http.get<{ result: RoleJson[] }>(ROLES_PATH)),
        ]).pipe(
          map(([users, roles]) => {
            store.record(
              [
                {
                  type: USER_LIST_ROLES_LOADED,
                  data: {
                    roles: roles.result.map((r) => r.name),
                    permissions: Object.fromEntries(roles.result.map((r) => [r.name, r.permissions ?? []])),
                    custom: Object.fromEntries(
                      roles.result.flatMap((r) => (typeof r.id === 'number' ? [[r.name, r.id]] : [])),
                    ),
                  },
                },
                { type: USER_LIST_LOADED, data: { users: users.result } },
              ],
              MAY_LAND_IN_PAST,
            );
          }),
          catchError((thrown: unknown) => {
            store.record(
              [{ type: USER_LIST_LOAD_FAILED, data: { message: toClientError(thrown).message } }],
              MAY_LAND_IN_PAST,
            );
            return EMPTY;
          }),
        );
      case 'create':
        return defer(() => http.post<{ result: UserRow }>(USERS_PATH, command.user)).pipe(
          map(({ result: user }) => {
            store.record([{ type: USER_LIST_USER_CREATED, data: { user } }], MAY_LAND_IN_PAST);
            deps.toasts.success(`User ${user.username} was created`);
            command.done(true);
          }),
          catchError((thrown: unknown) => {
            deps.errors.show(toClientError(thrown), `Could not create user ${command.user.username}`);
            command.done(false);
            return EMPTY;
          }),
        );
      case 'changeRoles':
        return defer(() => http.put<{ result: UserRow }>(`${USERS_PATH}${command.id}`, { roles: command.roles })).pipe(
          map(({ result: user }) => {
            store.record([{ type: USER_LIST_USER_ROLES_CHANGED, data: { user } }], MAY_LAND_IN_PAST);
            deps.toasts.success(`Roles of ${user.username} were changed`);
            command.done(true);
          }),
          catchError((thrown: unknown) => {
            deps.errors.show(toClientError(thrown), 'Could not change the roles');
            command.done(false);
            return EMPTY;
          }),
        );
      case 'update':
        return defer(() => http.put<{ result: UserRow }>(`${USERS_PATH}${command.id}`, command.changes)).pipe(
          map(({ result: user }) => {
            store.record([{ type: USER_LIST_USER_CHANGED, data: { user, what: command.what } }], MAY_LAND_IN_PAST);
            deps.toasts.success(`You ${command.what} ${user.username}`);
            command.done(true);
          }),
          catchError((thrown: unknown) => {
            deps.errors.show(toClientError(thrown), `Could not save the changes`);
            command.done(false);
            return EMPTY;
          }),
        );
      case 'remove': {
        const { id, username } = command.user;
        return defer(() => http.delete(`${USERS_PATH}${id}`)).pipe(
          map(() => {
            store.record([{ type: USER_LIST_USER_DELETED, data: { id, username } }], MAY_LAND_IN_PAST);
            deps.toasts.success(`User ${username} was deleted`);
            command.done(true);
          }),
          catchError((thrown: unknown) => {
            deps.errors.show(toClientError(thrown), `Could not delete ${username}`);
            command.done(false);
            return EMPTY;
          }),
        );
      }
      case 'createRole':
        return defer(() =>
          http.post<{ result: CustomRole }>(ROLES_PATH, { name: command.name, permissions: command.permissions }),
        ).pipe(
          map(({ result: role }) => {
            store.record([{ type: USER_LIST_ROLE_CREATED, data: { role } }], MAY_LAND_IN_PAST);
            deps.toasts.success(`Role ${role.name} was created`);
            command.done(true);
          }),
          failed(`Could not create the role ${command.name}`, command.done),
        );
      case 'replaceRolePermissions': {
        const { id, name, permissions } = command.role;
        return defer(() => http.post<{ result: CustomRole }>(`${ROLES_PATH}${id}/permissions`, { permissions })).pipe(
          map(({ result: role }) => {
            store.record([{ type: USER_LIST_ROLE_PERMISSIONS_REPLACED, data: { role } }], MAY_LAND_IN_PAST);
            deps.toasts.success(`Permissions of ${role.name} were saved`);
            command.done(true);
          }),
          failed(`Could not save the permissions of ${name}`, command.done),
        );
      }
      case 'deleteRole':
        return defer(() => http.delete(`${ROLES_PATH}${command.id}`)).pipe(
          map(() => {
            store.record(
              [{ type: USER_LIST_ROLE_DELETED, data: { id: command.id, name: command.name } }],
              MAY_LAND_IN_PAST,
            );
            deps.toasts.success(`Role ${command.name} was deleted`);
            command.done(true);
          }),
          failed(`Could not delete the role ${command.name}`, command.done),
        );
      default: {
        const unknown: never = command;
        throw new Error(`unknown users command ${JSON.stringify(unknown)}`);
      }
    }
  };

  // In order: a role change sent right after a creation must not reach the server first.
  const subscription = commands$.pipe(concatMap(handle)).subscribe();

  return {
    store,
    load: () => commands$.next({ type: 'load' }),
    create: (user) => new Promise((done) => commands$.next({ type: 'create', user, done })),
    changeRoles: (id, roles) => new Promise((done) => commands$.next({ type: 'changeRoles', id, roles, done })),
    update: (id, changes, what) => new Promise((done) => commands$.next({ type: 'update', id, changes, what, done })),
    remove: (user) => new Promise((done) => commands$.next({ type: 'remove', user, done })),
    createRole: (name, permissions) =>
      new Promise((done) => commands$.next({ type: 'createRole', name, permissions, done })),
    replaceRolePermissions: (role) =>
      new Promise((done) => commands$.next({ type: 'replaceRolePermissions', role, done })),
    deleteRole: (id, name) => new Promise((done) => commands$.next({ type: 'deleteRole', id, name, done })),
    dispose: () => subscription.unsubscribe(),
  };
}
