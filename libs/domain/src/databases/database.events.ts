/**
 * The facts of a database connection, on stream `database:<id>`. The password is never part of an event
 * (the log is replayed and exported): a new or removed password is a fact without its value, and the
 * ciphertext is written beside the append, in its transaction, by the server. `uri` never holds a password.
 * An edit of the database form is one batch of intent events, one per thing it changed (renamed, connected
 * elsewhere, an option switched on or off...), never one `{changes}` bag (old ones are upcast: upcasters.ts).
 */
import type { EventLike } from '@strata/events';

/** The on/off options of the database form (Superset's "Advanced" tab): switched by optionEnabled / optionDisabled. */
export const DATABASE_OPTIONS = [
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'allows_cost_estimate',
  'allows_subquery',
  'allow_file_upload',
] as const;
export type DatabaseOption = (typeof DATABASE_OPTIONS)[number];

export type DatabaseSettings = {
  database_name: string;
  /** Connection URI without password, e.g. postgresql://ana@db:5432/sales. */
  uri: string;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  extra: Record<string, unknown>;
} & Record<DatabaseOption, boolean>;

export type DatabaseCreated = EventLike<'database/databaseCreated', { id: number } & DatabaseSettings>;
/**
 * A row registered outside the log (the examples database) taken over by the log on its first change,
 * so a rebuild reproduces what the admin changed afterwards.
 */
export type DatabaseAdopted = EventLike<'database/databaseAdopted', { id: number } & DatabaseSettings>;
export type DatabaseRenamed = EventLike<'database/databaseRenamed', { id: number; database_name: string }>;
/** Pointed at another server, database or login (the password is a separate fact). */
export type DatabaseConnectionChanged = EventLike<'database/connectionChanged', { id: number; uri: string }>;
export type DatabaseOptionEnabled = EventLike<'database/optionEnabled', { id: number; option: DatabaseOption }>;
export type DatabaseOptionDisabled = EventLike<'database/optionDisabled', { id: number; option: DatabaseOption }>;
/** null: the server's default metadata and results cache time. */
export type DatabaseCacheTimeoutChanged = EventLike<
  'database/cacheTimeoutChanged',
  { id: number; cache_timeout: number | null }
>;
/** null: CREATE TABLE AS goes to the schema the user picks. */
export type DatabaseCtasSchemaChanged = EventLike<
  'database/ctasSchemaChanged',
  { id: number; force_ctas_schema: string | null }
>;
/** The engine parameters document (`extra`: metadata_params, engine_params, ...) edited as a whole. */
export type DatabaseExtraChanged = EventLike<'database/extraChanged', { id: number; extra: Record<string, unknown> }>;
export type DatabasePasswordChanged = EventLike<'database/passwordChanged', { id: number }>;
export type DatabasePasswordRemoved = EventLike<'database/passwordRemoved', { id: number }>;
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

/**
 * A file (CSV or Excel) was loaded into a table of this database by a user (issue 15 item 3): where, how
 * many rows, and what happened to a table of that name (created, replaced, or appended to).
 */
export type DatabaseFileUploaded = EventLike<
  'database/fileUploaded',
  {
    id: number;
    schema: string | null;
    table: string;
    rows: number;
    mode: 'fail' | 'replace' | 'append';
    file_type: 'csv' | 'excel';
  }
>;

/** The events that change what `databases` shows of a connection (its settings), created or adopted aside. */
export type DatabaseSettingChanged =
  | DatabaseRenamed
  | DatabaseConnectionChanged
  | DatabaseOptionEnabled
  | DatabaseOptionDisabled
  | DatabaseCacheTimeoutChanged
  | DatabaseCtasSchemaChanged
  | DatabaseExtraChanged;

export type DatabaseEvent =
  | DatabaseCreated
  | DatabaseAdopted
  | DatabaseSettingChanged
  | DatabasePasswordChanged
  | DatabasePasswordRemoved
  | DatabaseDeleted
  | DatabaseAccessGranted
  | DatabaseAccessRevoked
  | DangerousLoginConfirmed
  | DatabaseFileUploaded;

export const DATABASE_EVENT_TYPES: readonly DatabaseEvent['type'][] = [
  'database/databaseCreated',
  'database/databaseAdopted',
  'database/databaseRenamed',
  'database/connectionChanged',
  'database/optionEnabled',
  'database/optionDisabled',
  'database/cacheTimeoutChanged',
  'database/ctasSchemaChanged',
  'database/extraChanged',
  'database/passwordChanged',
  'database/passwordRemoved',
  'database/databaseDeleted',
  'database/accessGranted',
  'database/accessRevoked',
  'database/dangerousLoginConfirmed',
  'database/fileUploaded',
];

export const databaseStream = (id: number) => `database:${id}`;

/** The settings one of the setting events gives the connection (for evolve and for the read model). */
export function settingsChangedBy(event: DatabaseSettingChanged): Partial<DatabaseSettings> {
  switch (event.type) {
    case 'database/databaseRenamed':
      return { database_name: event.data.database_name };
    case 'database/connectionChanged':
      return { uri: event.data.uri };
    case 'database/optionEnabled':
      return { [event.data.option]: true };
    case 'database/optionDisabled':
      return { [event.data.option]: false };
    case 'database/cacheTimeoutChanged':
      return { cache_timeout: event.data.cache_timeout };
    case 'database/ctasSchemaChanged':
      return { force_ctas_schema: event.data.force_ctas_schema };
    case 'database/extraChanged':
      return { extra: event.data.extra };
    default: {
      const unknown: never = event;
      void unknown;
      return {};
    }
  }
}

const SETTING_EVENTS: ReadonlySet<string> = new Set<DatabaseSettingChanged['type']>([
  'database/databaseRenamed',
  'database/connectionChanged',
  'database/optionEnabled',
  'database/optionDisabled',
  'database/cacheTimeoutChanged',
  'database/ctasSchemaChanged',
  'database/extraChanged',
]);
export const isDatabaseSettingChange = (event: DatabaseEvent): event is DatabaseSettingChanged =>
  SETTING_EVENTS.has(event.type);
