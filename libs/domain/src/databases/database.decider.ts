/**
 * Pure rules of a database connection: decide(command, state) -> events, evolve(state, event) -> state.
 * Ids come in on the command; no clock, no IO. Name uniqueness spans databases: the server's unique index
 * (and a look-up before deciding, for the friendly answer) keeps it.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../shared/exhaustive';
import type { DatabaseFileUploaded } from './database.events';
import {
  DATABASE_OPTIONS,
  settingsChangedBy,
  type DatabaseEvent,
  type DatabaseSettingChanged,
  type DatabaseSettings,
} from './database.events';

export interface DatabaseState {
  status: 'none' | 'active' | 'deleted';
  id: number;
  settings: DatabaseSettings | null;
  roles: string[];
}

/** Risks of the login the admin confirmed having been warned about (none: nothing to record). */
export interface ConfirmedLogin {
  username: string;
  risks: string[];
}

/** keep: as stored (the request sent none or the mask); set: a new one; remove: an empty one was sent. */
export type PasswordIntent = 'keep' | 'set' | 'remove';

export type DatabaseCommand =
  | {
      type: 'CreateDatabase';
      data: { id: number; settings: DatabaseSettings; passwordSet: boolean; confirmedLogin?: ConfirmedLogin };
    }
  /** A row that exists outside the log (examples): `current` is what the row holds now. */
  | { type: 'AdoptDatabase'; data: { id: number; current: DatabaseSettings; roles: string[] } }
  /** The database form (PUT): only the fields it sends; each one that differs is one intent event. */
  | {
      type: 'ChangeDatabase';
      data: { changes: Partial<DatabaseSettings>; password: PasswordIntent; confirmedLogin?: ConfirmedLogin };
    }
  | { type: 'DeleteDatabase' }
  /** The access form: the roles that may read the database, granted and revoked to match. */
  | { type: 'SetDatabaseAccess'; data: { roles: string[] } }
  /** A file loaded into one of its tables (the rows are in the database already; this records the intent). */
  | { type: 'RecordFileUpload'; data: DatabaseFileUploaded['data'] };

export const initialDatabaseState = (): DatabaseState => ({ status: 'none', id: 0, settings: null, roles: [] });

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function activeSettings(state: DatabaseState): DatabaseSettings {
  if (state.status !== 'active' || !state.settings) throw new DomainError('database_not_found', 'Database not found.');
  return state.settings;
}

function confirmation(id: number, login: ConfirmedLogin | undefined): DatabaseEvent[] {
  return login && login.risks.length > 0
    ? [{ type: 'database/dangerousLoginConfirmed', data: { id, username: login.username, risks: login.risks } }]
    : [];
}

/**
 * One event per setting the form changed, in the form's order. `before` null: every given setting counts
 * as changed (an old `{changes}` bag being upcast, which only ever held what had changed).
 */
export function settingChanges(
  id: number,
  before: DatabaseSettings | null,
  changes: Partial<DatabaseSettings>,
): DatabaseSettingChanged[] {
  const changed = <K extends keyof DatabaseSettings>(key: K): DatabaseSettings[K] | undefined => {
    const value = changes[key];
    return value !== undefined && (before === null || !sameValue(before[key], value)) ? value : undefined;
  };
  const events: DatabaseSettingChanged[] = [];
  const database_name = changed('database_name');
  if (database_name !== undefined) events.push({ type: 'database/databaseRenamed', data: { id, database_name } });
  const uri = changed('uri');
  if (uri !== undefined) events.push({ type: 'database/connectionChanged', data: { id, uri } });
  for (const option of DATABASE_OPTIONS) {
    const on = changed(option);
    if (on !== undefined)
      events.push({ type: on ? 'database/optionEnabled' : 'database/optionDisabled', data: { id, option } });
  }
  const force_ctas_schema = changed('force_ctas_schema');
  if (force_ctas_schema !== undefined)
    events.push({ type: 'database/ctasSchemaChanged', data: { id, force_ctas_schema } });
  const cache_timeout = changed('cache_timeout');
  if (cache_timeout !== undefined) events.push({ type: 'database/cacheTimeoutChanged', data: { id, cache_timeout } });
  const extra = changed('extra');
  if (extra !== undefined) events.push({ type: 'database/extraChanged', data: { id, extra } });
  return events;
}

function decideAccess(roles: string[], state: DatabaseState): DatabaseEvent[] {
  activeSettings(state);
  const wanted = [...new Set(roles)];
  const has = (list: string[], role: string) => list.some((r) => r.toLowerCase() === role.toLowerCase());
  return [
    ...wanted
      .filter((r) => !has(state.roles, r))
      .map((role): DatabaseEvent => ({ type: 'database/accessGranted', data: { id: state.id, role } })),
    ...state.roles
      .filter((r) => !has(wanted, r))
      .map((role): DatabaseEvent => ({ type: 'database/accessRevoked', data: { id: state.id, role } })),
  ];
}

export const databaseDecider: Decider<DatabaseState, DatabaseEvent, DatabaseCommand, void> = {
  initialState: initialDatabaseState,

  decide(command, state) {
    switch (command.type) {
      case 'CreateDatabase': {
        if (state.status !== 'none') throw new DomainError('database_exists', 'This database already exists.');
        const { id, settings, passwordSet, confirmedLogin } = command.data;
        const events: DatabaseEvent[] = [{ type: 'database/databaseCreated', data: { id, ...settings } }];
        if (passwordSet) events.push({ type: 'database/passwordChanged', data: { id } });
        return [...events, ...confirmation(id, confirmedLogin)];
      }
      case 'AdoptDatabase': {
        // Adopted already (a concurrent first change): nothing to take over.
        if (state.status !== 'none') return [];
        const { id, current, roles } = command.data;
        return [
          { type: 'database/databaseAdopted', data: { id, ...current } },
          ...roles.map((role): DatabaseEvent => ({ type: 'database/accessGranted', data: { id, role } })),
        ];
      }
      case 'ChangeDatabase': {
        const { changes, password, confirmedLogin } = command.data;
        const events: DatabaseEvent[] = settingChanges(state.id, activeSettings(state), changes);
        if (password === 'set') events.push({ type: 'database/passwordChanged', data: { id: state.id } });
        if (password === 'remove') events.push({ type: 'database/passwordRemoved', data: { id: state.id } });
        return [...events, ...confirmation(state.id, confirmedLogin)];
      }
      case 'DeleteDatabase': {
        const { database_name } = activeSettings(state);
        return [{ type: 'database/databaseDeleted', data: { id: state.id, database_name } }];
      }
      case 'SetDatabaseAccess':
        return decideAccess(command.data.roles, state);
      case 'RecordFileUpload':
        // A row registered outside the log (version 0) takes uploads too: the command names its id.
        if (state.status === 'deleted') activeSettings(state);
        return [{ type: 'database/fileUploaded', data: command.data }];
      default:
        return unknownCommand(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'database/databaseCreated':
      case 'database/databaseAdopted': {
        const { id, ...settings } = event.data;
        return { status: 'active', id, settings, roles: [] };
      }
      case 'database/databaseRenamed':
      case 'database/connectionChanged':
      case 'database/optionEnabled':
      case 'database/optionDisabled':
      case 'database/cacheTimeoutChanged':
      case 'database/ctasSchemaChanged':
      case 'database/extraChanged':
        return state.settings ? { ...state, settings: { ...state.settings, ...settingsChangedBy(event) } } : state;
      case 'database/passwordChanged':
      case 'database/passwordRemoved':
      case 'database/dangerousLoginConfirmed':
      case 'database/fileUploaded':
        return state;
      case 'database/databaseDeleted':
        return { ...state, status: 'deleted' };
      case 'database/accessGranted':
        return { ...state, roles: [...state.roles, event.data.role] };
      case 'database/accessRevoked':
        return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
      default:
        return leaveUnchanged(event, state);
    }
  },
};
