import { count, defineSummaries, quote, the } from '../audit/summary';
import { databaseDecider, type DatabaseState } from './database.decider';
import type { DatabaseEvent, DatabaseOption } from './database.events';

/** The options as the database form labels them (Superset's "Advanced" tab). */
const OPTION: Record<DatabaseOption, string> = {
  expose_in_sqllab: 'Expose database in SQL Lab',
  allow_run_async: 'Asynchronous query execution',
  allow_dml: 'Allow DML',
  allow_ctas: 'Allow CREATE TABLE AS',
  allow_cvas: 'Allow CREATE VIEW AS',
  allows_cost_estimate: 'Enable query cost estimation',
  allows_subquery: 'Allow this database to be explored',
  allow_file_upload: 'Allow file uploads to database',
};

const ENGINES: Record<string, string> = {
  postgresql: 'PostgreSQL',
  postgres: 'PostgreSQL',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
};

/** 'PostgreSQL' for postgresql+psycopg2://...; the scheme itself for an engine Strata does not name. */
function engineOf(uri: string): string {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri.trim())?.[1]?.toLowerCase().split('+')[0] ?? '';
  return ENGINES[scheme] ?? (scheme || 'an engine without a scheme');
}

/**
 * Where a URI points, as host and database only: the login is left out, and with it any password an old
 * or hand-written URI might still hold (the audit log is shown and exported).
 */
function placeOf(uri: string): string {
  const rest = uri.trim().replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '');
  // After the last '@', whatever characters a password holds ('/', '?', '@'); an '@' in the query only cuts more.
  return rest.slice(rest.lastIndexOf('@') + 1).split('?')[0]!;
}

/** The database's name then: the caller's, else the fold's (the decider's own evolve). */
const database = (objectName: string | undefined, before: DatabaseState | undefined) =>
  the('database', objectName || before?.settings?.database_name);

/** What each database event says in the audit log (issue 13). Never a password, nor `extra` (it may hold secrets). */
export const databaseSummaries = defineSummaries<DatabaseEvent, DatabaseState>({
  context: 'databases',
  names: { initial: databaseDecider.initialState, evolve: databaseDecider.evolve },
  of: {
    'database/databaseCreated': (d, { who }) =>
      `${who} connected ${the('database', d.database_name)} (${engineOf(d.uri)})`,
    'database/databaseAdopted': (d, { who }) =>
      `${who} brought ${the('database', d.database_name)} (${engineOf(d.uri)}) under the audit log`,
    'database/databaseRenamed': (d, { who, objectName, before }) =>
      `${who} renamed ${database(objectName, before)} to ${quote(d.database_name)}`,
    'database/connectionChanged': (d, { who, objectName, before }) =>
      `${who} pointed ${database(objectName, before)} at ${quote(placeOf(d.uri))} (${engineOf(d.uri)})`,
    'database/optionEnabled': (d, { who, objectName, before }) =>
      `${who} turned on ${quote(OPTION[d.option] ?? d.option)} for ${database(objectName, before)}`,
    'database/optionDisabled': (d, { who, objectName, before }) =>
      `${who} turned off ${quote(OPTION[d.option] ?? d.option)} for ${database(objectName, before)}`,
    'database/cacheTimeoutChanged': (d, { who, objectName, before }) =>
      d.cache_timeout === null
        ? `${who} set ${database(objectName, before)} to use the default cache timeout`
        : `${who} set the cache timeout of ${database(objectName, before)} to ${d.cache_timeout} s`,
    'database/ctasSchemaChanged': (d, { who, objectName, before }) =>
      d.force_ctas_schema
        ? `${who} made CREATE TABLE AS on ${database(objectName, before)} go to the schema ${quote(d.force_ctas_schema)}`
        : `${who} let CREATE TABLE AS on ${database(objectName, before)} go to any schema`,
    'database/extraChanged': (_d, { who, objectName, before }) =>
      `${who} changed the engine parameters of ${database(objectName, before)}`,
    'database/passwordChanged': (_d, { who, objectName, before }) =>
      `${who} set a new password for ${database(objectName, before)}`,
    'database/passwordRemoved': (_d, { who, objectName, before }) =>
      `${who} removed the password of ${database(objectName, before)}`,
    'database/databaseDeleted': (d, { who, objectName }) =>
      `${who} deleted ${the('database', d.database_name || objectName)}`,
    'database/accessGranted': (d, { who, objectName, before }) =>
      `${who} gave the role ${quote(d.role)} access to ${database(objectName, before)}`,
    'database/accessRevoked': (d, { who, objectName, before }) =>
      `${who} took access to ${database(objectName, before)} away from the role ${quote(d.role)}`,
    'database/dangerousLoginConfirmed': (d, { who, objectName, before }) =>
      `${who} confirmed the login ${quote(d.username)} for ${database(objectName, before)} despite ` +
      count(d.risks.length, 'warning'),
    'database/fileUploaded': (d, { who, objectName, before }) =>
      `${who} uploaded a ${d.file_type === 'excel' ? 'Excel' : 'CSV'} file of ${count(d.rows, 'row')} into ` +
      `${quote(d.schema ? `${d.schema}.${d.table}` : d.table)} (${d.mode === 'fail' ? 'new table' : d.mode}) in ` +
      database(objectName, before),
  },
});
