/**
 * `databases` and `database_access` as folds of the `database:<id>` streams (projections/CONTEXT.md),
 * written by the shared writer in the append's transaction; `rebuild('databases')` reproduces both.
 *
 * The encrypted passwords are not here: `database_credentials` (no foreign key, written beside the
 * append by DatabasesService) is never read or written by these folds, and no column of `databases`
 * holds a secret (an event's `uri` never carries a password; adoption moves one out of an old row's URI).
 *
 * Rows with version 0 were registered outside the log by an older version (the examples database): no
 * event made them, so a rebuild must not delete them, which is why this group's reset keeps them (and
 * their grants). Their first change adopts them (`database/databaseAdopted`, stream version 1): from then
 * on the log makes the whole row, `created_on` / `created_by` included (the adoption's time and actor,
 * live as in a rebuild, since the log never knew the original registration).
 */
import type { DatabaseAccessGranted, DatabaseCreated, DatabaseEvent, DatabaseSettings } from '@strata/domain';
import { DATABASE_EVENT_TYPES, isDatabaseSettingChange, leaveUnchanged, settingsChangedBy } from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import { actorUserId } from '../event-store/envelope-ids';
import type { Projection } from '../event-store/event-store.port';
import { foldProjection, type FoldProjection } from '../projections/fold-projection';
import { projectionGroup } from '../projections/projection-group';

/** A row of `databases` as `to_jsonb` gives it: the settings as the events carry them, and bookkeeping. */
export type DatabasesTableRow = DatabaseCreated['data'] & {
  created_on: string;
  changed_on: string;
  /** The acting user's id; null for the server itself (examples registration, command-line tools). */
  created_by: number | null;
  changed_by: number | null;
  /** Stream version; 0 for a row registered outside the log. */
  version: number;
};

/** A row of `database_access`: a role granted reading the database. */
export type DatabaseAccessRow = {
  database_id: DatabaseAccessGranted['data']['id'];
  role: DatabaseAccessGranted['data']['role'];
};

type DatabaseEnvelope = Envelope & DatabaseEvent;

/** The settings a whole-row event gives, in a fixed order (a row read back has its own). */
const settingsOf = (data: DatabaseCreated['data']): DatabaseSettings & { id: number } => ({
  id: data.id,
  database_name: data.database_name,
  uri: data.uri,
  expose_in_sqllab: data.expose_in_sqllab,
  allow_run_async: data.allow_run_async,
  allow_dml: data.allow_dml,
  allow_ctas: data.allow_ctas,
  allow_cvas: data.allow_cvas,
  allows_cost_estimate: data.allows_cost_estimate,
  allows_subquery: data.allows_subquery,
  allow_file_upload: data.allow_file_upload,
  force_ctas_schema: data.force_ctas_schema,
  cache_timeout: data.cache_timeout,
  extra: data.extra ?? {},
});

function evolveDatabase(row: DatabasesTableRow | null, event: DatabaseEnvelope): DatabasesTableRow | null {
  const by = actorUserId(event);
  const changed = (r: DatabasesTableRow): DatabasesTableRow => ({
    ...r,
    changed_on: event.meta.at,
    changed_by: by,
    version: event.version,
  });
  if (isDatabaseSettingChange(event)) {
    const settings: Partial<DatabaseSettings> = settingsChangedBy(event);
    return row && changed({ ...row, ...settings, ...('extra' in settings && { extra: settings.extra ?? {} }) });
  }
  switch (event.type) {
    case 'database/databaseCreated':
    case 'database/databaseAdopted':
      // An adopted row is made anew from the event, whether the old row is there (live) or not (rebuild).
      return {
        ...settingsOf(event.data),
        created_on: event.meta.at,
        changed_on: event.meta.at,
        created_by: by,
        changed_by: by,
        version: event.version,
      };
    case 'database/passwordChanged':
    case 'database/passwordRemoved':
      // The ciphertext is in database_credentials; the row records that the connection changed.
      return row && changed(row);
    case 'database/databaseDeleted':
      return null;
    case 'database/accessGranted':
    case 'database/accessRevoked':
    case 'database/dangerousLoginConfirmed':
    case 'database/fileUploaded':
      // Not a change of the connection, but a version of its stream (what the next edit is decided on).
      return row && { ...row, version: event.version };
    default:
      return leaveUnchanged(event, row);
  }
}

export const databasesFold: FoldProjection<DatabasesTableRow, DatabaseEnvelope> = {
  name: 'databases',
  table: 'databases',
  key: ['id'],
  handles: DATABASE_EVENT_TYPES,
  rowsOf: (event) => ({ id: event.data.id }),
  evolve: evolveDatabase,
};

export const databaseAccessFold: FoldProjection<DatabaseAccessRow, DatabaseEnvelope> = {
  name: 'database_access',
  table: 'database_access',
  key: ['database_id', 'role'],
  handles: ['database/accessGranted', 'database/accessRevoked', 'database/databaseDeleted'],
  // A deleted database takes every grant with it: part of the key selects them all.
  rowsOf: (event) =>
    event.type === 'database/accessGranted' || event.type === 'database/accessRevoked'
      ? { database_id: event.data.id, role: event.data.role }
      : { database_id: event.data.id },
  evolve: (_row, event) =>
    event.type === 'database/accessGranted' ? { database_id: event.data.id, role: event.data.role } : null,
};

/**
 * Both folds under the one name the store rebuilds them by (the connection first: a grant's row
 * references it). The reset empties what the log made and keeps the rows registered outside it
 * (version 0) with their grants; the writer's own reset would empty the whole tables.
 */
export function databasesProjection(): Projection {
  return {
    ...projectionGroup('databases', [foldProjection(databasesFold), foldProjection(databaseAccessFold)]),
    reset: async (tx: EntityManager) => {
      await tx.query(`DELETE FROM database_access WHERE database_id IN (SELECT id FROM databases WHERE version > 0)`);
      await tx.query(`DELETE FROM databases WHERE version > 0`);
    },
  };
}
