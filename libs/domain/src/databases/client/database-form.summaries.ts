import { defineSummaries, quote } from '../../audit/summary';
import { DATABASE_ENGINES, type DatabaseFormOption } from './database-form';
import type { DatabaseFormEvent } from './database-form.events';

const OPTION_WORDS: Record<DatabaseFormOption, string> = {
  expose_in_sqllab: 'exposing the database in SQL Lab',
  allow_dml: 'DML',
  allow_run_async: 'asynchronous query execution',
  allows_cost_estimate: 'query cost estimation',
  allow_ctas: 'CREATE TABLE AS',
  allow_cvas: 'CREATE VIEW AS',
  allow_file_upload: 'file uploads',
};

/** The database modal's gestures in the audit log's words (issue 15 item 1); never a password. */
export const databaseFormSummaries = defineSummaries<DatabaseFormEvent>({
  context: 'database form',
  of: {
    'databaseForm/opened': (d, { who }) =>
      d.databaseId === null
        ? `${who} opened the form to connect a database`
        : `${who} opened the database ${quote(d.form.database_name)} to edit it`,
    'databaseForm/closed': (_d, { who }) => `${who} closed the database form`,
    'databaseForm/nameTyped': (d, { who }) => `${who} named the database ${quote(d.name)}`,
    'databaseForm/connectionMethodChosen': (d, { who }) =>
      `${who} chose to connect with ${d.method === 'uri' ? 'a SQLAlchemy URI' : 'host, port and database'}`,
    'databaseForm/engineChosen': (d, { who }) => `${who} chose the engine ${DATABASE_ENGINES[d.engine].label}`,
    'databaseForm/hostTyped': (d, { who }) => `${who} typed the host ${quote(d.host)}`,
    'databaseForm/portTyped': (d, { who }) => `${who} typed the port ${quote(d.port)}`,
    'databaseForm/databaseTyped': (d, { who }) => `${who} typed the database name ${quote(d.database)}`,
    'databaseForm/usernameTyped': (d, { who }) => `${who} typed the username ${quote(d.username)}`,
    'databaseForm/passwordTyped': (_d, { who }) => `${who} typed a password`,
    'databaseForm/sslModeChosen': (d, { who }) =>
      `${who} chose the SSL mode ${d.sslMode ? quote(d.sslMode) : 'default'}`,
    'databaseForm/uriTyped': (_d, { who }) => `${who} typed a connection URI`,
    'databaseForm/optionEnabled': (d, { who }) => `${who} allowed ${OPTION_WORDS[d.option]}`,
    'databaseForm/optionDisabled': (d, { who }) => `${who} disallowed ${OPTION_WORDS[d.option]}`,
    'databaseForm/ctasSchemaTyped': (d, { who }) => `${who} typed the CTAS schema ${quote(d.schema)}`,
    'databaseForm/uploadSchemasTyped': (d, { who }) =>
      `${who} typed the schemas allowed for uploads ${quote(d.schemas)}`,
    'databaseForm/cacheTimeoutTyped': (d, { who }) => `${who} typed the cache timeout ${quote(d.timeout)}`,
    'databaseForm/roleGranted': (d, { who }) => `${who} gave the role ${quote(d.role)} access`,
    'databaseForm/roleWithdrawn': (d, { who }) => `${who} took access away from the role ${quote(d.role)}`,
    'databaseForm/dangerousLoginAccepted': (_d, { who }) => `${who} accepted the risks of the login`,
    'databaseForm/dangerousLoginDeclined': (_d, { who }) => `${who} no longer accepts the risks of the login`,
    'databaseForm/incompleteRefused': (d, { who }) => `the database form of ${who} is incomplete: ${quote(d.message)}`,
    'databaseForm/testRequested': (_d, { who }) => `${who} tested the connection`,
    'databaseForm/saveRequested': (_d, { who }) => `${who} saved the database form`,
    'databaseForm/saveRefused': (d, { who }) => `saving the database was refused for ${who}: ${quote(d.message)}`,
  },
});
