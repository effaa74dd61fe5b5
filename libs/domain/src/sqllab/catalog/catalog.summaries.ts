import { count, defineSummaries, quote } from '../../audit/summary';
import { database, reason, tableName } from '../sqllab-names';
import { catalogFold, type CatalogEvent, type CatalogState } from './catalog.events';

/** A database by its name once the list of databases has been loaded, else by id. */
function db(before: CatalogState | undefined, dbId: number): string {
  const name = before?.databases?.find((d) => d.id === dbId)?.database_name;
  return name === undefined ? database(dbId) : quote(name);
}

/** What SQL Lab learnt about the databases (loaded lists, never user intents). */
export const sqlLabCatalogSummaries = defineSummaries<CatalogEvent, CatalogState>({
  context: 'sql lab catalog',
  names: { initial: catalogFold.initialState, evolve: catalogFold.evolve },
  of: {
    'sqllabCatalog/databasesLoaded': (d, { who }) =>
      `${who} loaded the list of databases (${count(d.databases.length, 'database')})`,
    'sqllabCatalog/schemasLoaded': (d, { who, before }) =>
      `${who} loaded the schemas of ${db(before, d.dbId)} (${count(d.schemas.length, 'schema')})`,
    'sqllabCatalog/tablesLoaded': (d, { who, before }) =>
      `${who} loaded the tables of the schema ${quote(d.schema)} in ${db(before, d.dbId)} (${count(d.tables.length, 'table')})`,
    'sqllabCatalog/tableMetadataLoaded': (d, { who, before }) =>
      `${who} loaded the columns of the table ${quote(tableName(d.schema, d.table))} in ${db(before, d.dbId)}`,
    'sqllabCatalog/loadFailed': (d) => `loading the ${d.what.trim() || 'catalog'} failed${reason(d.message)}`,
  },
});
