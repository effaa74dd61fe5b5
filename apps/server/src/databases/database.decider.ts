/**
 * Pure rules of a database connection: decide(command, state) -> events, evolve(state, event) -> state.
 * Ids come in on the command; no clock, no IO.
 */
import { DomainError } from '@strata/events';
import type { DatabaseEvent, DatabaseSettings } from './database.events';

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

export type DatabaseCommand =
  | {
      type: 'CreateDatabase';
      data: { id: number; settings: DatabaseSettings; passwordSet: boolean; confirmedLogin?: ConfirmedLogin };
    }
  /** A row that exists outside the log (examples): `current` is what the row holds now. */
  | { type: 'AdoptDatabase'; data: { id: number; current: DatabaseSettings; roles: string[] } }
  | {
      type: 'ChangeDatabase';
      data: {
        changes: Partial<DatabaseSettings>;
        password: 'keep' | 'set' | 'remove';
        confirmedLogin?: ConfirmedLogin;
      };
    }
  | { type: 'DeleteDatabase' }
  | { type: 'SetDatabaseAccess'; data: { roles: string[] } };

export const initialDatabaseState = (): DatabaseState => ({ status: 'none', id: 0, settings: null, roles: [] });

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decideDatabase(command: DatabaseCommand, state: DatabaseState): DatabaseEvent[] {
  switch (command.type) {
    case 'CreateDatabase': {
      if (state.status !== 'none') throw new DomainError('database_exists', 'This database already exists.');
      const { id, settings, passwordSet, confirmedLogin } = command.data;
      const events: DatabaseEvent[] = [{ type: 'database/databaseCreated', data: { id, ...settings } }];
      if (passwordSet) events.push({ type: 'database/passwordChanged', data: { id, removed: false } });
      return [...events, ...confirmation(id, confirmedLogin)];
    }
    case 'AdoptDatabase': {
      if (state.status !== 'none') return [];
      const { id, current, roles } = command.data;
      return [
        { type: 'database/databaseAdopted', data: { id, ...current } },
        ...roles.map((role): DatabaseEvent => ({ type: 'database/accessGranted', data: { id, role } })),
      ];
    }
    case 'ChangeDatabase': {
      const settings = activeSettings(state);
      const changes: Partial<DatabaseSettings> = {};
      for (const [key, value] of Object.entries(command.data.changes) as [keyof DatabaseSettings, unknown][]) {
        if (value !== undefined && !sameValue(settings[key], value)) (changes as Record<string, unknown>)[key] = value;
      }
      const events: DatabaseEvent[] = [];
      if (Object.keys(changes).length > 0)
        events.push({ type: 'database/settingsChanged', data: { id: state.id, changes } });
      if (command.data.password !== 'keep') {
        events.push({
          type: 'database/passwordChanged',
          data: { id: state.id, removed: command.data.password === 'remove' },
        });
      }
      return [...events, ...confirmation(state.id, command.data.confirmedLogin)];
    }
    case 'DeleteDatabase': {
      const settings = activeSettings(state);
      return [{ type: 'database/databaseDeleted', data: { id: state.id, database_name: settings.database_name } }];
    }
    case 'SetDatabaseAccess': {
      activeSettings(state);
      const wanted = [...new Set(command.data.roles)];
      const has = (roles: string[], role: string) => roles.some((r) => r.toLowerCase() === role.toLowerCase());
      return [
        ...wanted
          .filter((r) => !has(state.roles, r))
          .map((role): DatabaseEvent => ({ type: 'database/accessGranted', data: { id: state.id, role } })),
        ...state.roles
          .filter((r) => !has(wanted, r))
          .map((role): DatabaseEvent => ({ type: 'database/accessRevoked', data: { id: state.id, role } })),
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function confirmation(id: number, login: ConfirmedLogin | undefined): DatabaseEvent[] {
  return login && login.risks.length > 0
    ? [{ type: 'database/dangerousLoginConfirmed', data: { id, username: login.username, risks: login.risks } }]
    : [];
}

function activeSettings(state: DatabaseState): DatabaseSettings {
  if (state.status !== 'active' || !state.settings) throw new DomainError('database_not_found', 'Database not found.');
  return state.settings;
}

export function evolveDatabase(state: DatabaseState, event: DatabaseEvent): DatabaseState {
  switch (event.type) {
    case 'database/databaseCreated':
    case 'database/databaseAdopted': {
      const { id, ...settings } = event.data;
      return { status: 'active', id, settings, roles: [] };
    }
    case 'database/settingsChanged':
      return state.settings ? { ...state, settings: { ...state.settings, ...event.data.changes } } : state;
    case 'database/passwordChanged':
    case 'database/dangerousLoginConfirmed':
      return state;
    case 'database/databaseDeleted':
      return { ...state, status: 'deleted' };
    case 'database/accessGranted':
      return { ...state, roles: [...state.roles, event.data.role] };
    case 'database/accessRevoked':
      return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

export const databaseDecider = {
  initialState: initialDatabaseState,
  decide: (command: DatabaseCommand, state: DatabaseState) => decideDatabase(command, state),
  evolve: evolveDatabase,
};
