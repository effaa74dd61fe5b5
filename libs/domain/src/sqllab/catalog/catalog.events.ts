import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';
import type { SqlLabDatabaseOption, TableMetadataResponse, TableOption } from './catalog-shapes';

/**
 * What SQL Lab has learnt about the databases it can query: the pickers' lists and the columns the
 * editor completes. Loaded data, not user intents: never undo steps and never persisted.
 */
export const DATABASES_LOADED = 'sqllabCatalog/databasesLoaded' as const;
export const SCHEMAS_LOADED = 'sqllabCatalog/schemasLoaded' as const;
export const TABLES_LOADED = 'sqllabCatalog/tablesLoaded' as const;
export const METADATA_LOADED = 'sqllabCatalog/tableMetadataLoaded' as const;
export const CATALOG_LOAD_FAILED = 'sqllabCatalog/loadFailed' as const;

export type CatalogEvent =
  | EventLike<typeof DATABASES_LOADED, { databases: SqlLabDatabaseOption[] }>
  | EventLike<typeof SCHEMAS_LOADED, { dbId: number; schemas: string[] }>
  | EventLike<typeof TABLES_LOADED, { dbId: number; schema: string; tables: TableOption[] }>
  | EventLike<typeof METADATA_LOADED, { dbId: number; schema: string; table: string; metadata: TableMetadataResponse }>
  | EventLike<typeof CATALOG_LOAD_FAILED, { what: string; message: string }>;

export interface CatalogState {
  /** null until loaded. */
  databases: readonly SqlLabDatabaseOption[] | null;
  /** By database id. */
  schemas: Readonly<Record<string, readonly string[]>>;
  /** By `dbId/schema`. */
  tables: Readonly<Record<string, readonly TableOption[]>>;
  /** By `dbId/schema/table`. */
  metadata: Readonly<Record<string, TableMetadataResponse>>;
  lastError: string | null;
}

export const tablesKey = (dbId: number, schema: string) => `${dbId}/${schema}`;
export const metadataKey = (dbId: number, schema: string, table: string) => `${dbId}/${schema}/${table}`;

export const catalogFold = {
  initialState: (): CatalogState => ({ databases: null, schemas: {}, tables: {}, metadata: {}, lastError: null }),
  evolve(state: CatalogState, event: CatalogEvent): CatalogState {
    switch (event.type) {
      case DATABASES_LOADED:
        return { ...state, databases: event.data.databases };
      case SCHEMAS_LOADED:
        return { ...state, schemas: { ...state.schemas, [String(event.data.dbId)]: event.data.schemas } };
      case TABLES_LOADED:
        return {
          ...state,
          tables: { ...state.tables, [tablesKey(event.data.dbId, event.data.schema)]: event.data.tables },
        };
      case METADATA_LOADED: {
        const { dbId, schema, table, metadata } = event.data;
        return { ...state, metadata: { ...state.metadata, [metadataKey(dbId, schema, table)]: metadata } };
      }
      case CATALOG_LOAD_FAILED:
        return { ...state, lastError: `${event.data.what}: ${event.data.message}` };
      default:
        return unchanged(event, state);
    }
  },
};
