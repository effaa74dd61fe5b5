/**
 * The facts of a database connection, on stream `database:<id>`. The password is never part of an event
 * (the log is replayed and exported): a new password is a fact without its value, and the ciphertext goes
 * to `database_credentials` in the same transaction. `uri` never holds a password.
 */
import type { EventLike } from '@strata/events';

export interface DatabaseSettings {
  database_name: string;
  /** Connection URI without password, e.g. postgresql://ana@db:5432/sales. */
  uri: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allows_cost_estimate: boolean;
  allows_subquery: boolean;
  allow_file_upload: boolean;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  extra: Record<string, unknown>;
}

export type DatabaseCreated = EventLike<'database/databaseCreated', { id: number } & DatabaseSettings>;
/**
 * A row registered outside the log (the examples database) taken over by the log on its first change,
 * so a rebuild reproduces what the admin changed afterwards.
 */
export type DatabaseAdopted = EventLike<'database/databaseAdopted', { id: number } & DatabaseSettings>;
export type DatabaseSettingsChanged = EventLike<
  'database/settingsChanged',
  { id: number; changes: Partial<DatabaseSettings> }
>;
export type DatabasePasswordChanged = EventLike<'database/passwordChanged', { id: number; removed: boolean }>;
export type DatabaseDeleted = EventLike<'database/databaseDeleted', { id: number; database_name: string }>;
export type DatabaseAccessGranted = EventLike<'database/accessGranted', { id: number; role: string }>;
export type DatabaseAccessRevoked = EventLike<'database/accessRevoked', { id: number; role: string }>;
/**
 * The admin registered (or moved) the database with a login that can reach beyond it (superuser, file
 * access, dblink...), after the warning: which login, and what it was warned about.
 */
export type DangerousLoginConfirmed = EventLike<
  'database/dangerousLoginConfirmed',
  { id: number; username: string; risks: string[] }
>;

export type DatabaseEvent =
  | DatabaseCreated
  | DatabaseAdopted
  | DatabaseSettingsChanged
  | DatabasePasswordChanged
  | DatabaseDeleted
  | DatabaseAccessGranted
  | DatabaseAccessRevoked
  | DangerousLoginConfirmed;

export const DATABASE_EVENT_TYPES: readonly DatabaseEvent['type'][] = [
  'database/databaseCreated',
  'database/databaseAdopted',
  'database/settingsChanged',
  'database/passwordChanged',
  'database/databaseDeleted',
  'database/accessGranted',
  'database/accessRevoked',
  'database/dangerousLoginConfirmed',
];

export const databaseStream = (id: number) => `database:${id}`;
