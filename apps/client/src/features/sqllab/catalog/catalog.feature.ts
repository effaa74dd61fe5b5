import { EditorErrorMessages } from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import type { SqlLabApi, TableMetadataResponse } from '../api/sqllab-api';
import {
  CATALOG_LOAD_FAILED,
  catalogFold,
  DATABASES_LOADED,
  METADATA_LOADED,
  metadataKey,
  SCHEMAS_LOADED,
  TABLES_LOADED,
  tablesKey,
  type CatalogEvent,
  type CatalogState,
} from '@strata/domain';

export interface CatalogFeature {
  readonly store: FeatureStore<CatalogState, CatalogEvent>;
  loadDatabases(): Promise<void>;
  /** Each ensure* asks the server once per key (force asks again), sharing the request in flight. */
  ensureSchemas(dbId: number, force?: boolean): Promise<void>;
  ensureTables(dbId: number, schema: string, force?: boolean): Promise<void>;
  ensureMetadata(dbId: number, schema: string, table: string): Promise<TableMetadataResponse | null>;
}

/** The databases, schemas, tables and columns SQL Lab's pickers and autocomplete offer. */
export function createCatalog(context: ClientContext, api: SqlLabApi, toasts: ToastsFeature): CatalogFeature {
  const store = createFeatureStore<CatalogState, CatalogEvent>('sqllab-catalog', catalogFold, context);
  const inFlight = new Map<string, Promise<unknown>>();

  function once<T>(key: string, force: boolean, load: () => Promise<T>): Promise<T> {
    const pending = inFlight.get(key) as Promise<T> | undefined;
    if (pending && !force) return pending;
    const started = load().finally(() => {
      // A failure is forgotten so the next ask retries; a success stays (the state has it).
      if (inFlight.get(key) === started) inFlight.delete(key);
    });
    inFlight.set(key, started);
    return started;
  }

  const fail = (what: string, thrown: unknown, toast: string | null) => {
    const message = toClientError(thrown).message;
    store.record([{ type: CATALOG_LOAD_FAILED, data: { what, message } }], MAY_LAND_IN_PAST);
    toasts.danger(toast ?? message);
  };

  return {
    store,
    loadDatabases: () =>
      once('databases', true, async () => {
        try {
          store.record([{ type: DATABASES_LOADED, data: { databases: await api.databases() } }], MAY_LAND_IN_PAST);
        } catch (thrown) {
          fail('databases', thrown, null);
        }
      }),
    ensureSchemas(dbId, force = false) {
      if (!force && store.getState().schemas[String(dbId)]) return Promise.resolve();
      return once(`schemas:${dbId}`, force, async () => {
        try {
          store.record(
            [{ type: SCHEMAS_LOADED, data: { dbId, schemas: await api.schemas(dbId, force) } }],
            MAY_LAND_IN_PAST,
          );
        } catch (thrown) {
          fail('schemas', thrown, null);
        }
      });
    },
    ensureTables(dbId, schema, force = false) {
      if (!force && store.getState().tables[tablesKey(dbId, schema)]) return Promise.resolve();
      return once(`tables:${tablesKey(dbId, schema)}`, force, async () => {
        try {
          store.record(
            [{ type: TABLES_LOADED, data: { dbId, schema, tables: await api.tables(dbId, schema, force) } }],
            MAY_LAND_IN_PAST,
          );
        } catch (thrown) {
          fail('tables', thrown, null);
        }
      });
    },
    ensureMetadata(dbId, schema, table) {
      const key = metadataKey(dbId, schema, table);
      const known = store.getState().metadata[key];
      if (known) return Promise.resolve(known);
      return once(`metadata:${key}`, false, async () => {
        try {
          const metadata = await api.tableMetadata(dbId, schema, table);
          store.record([{ type: METADATA_LOADED, data: { dbId, schema, table, metadata } }], MAY_LAND_IN_PAST);
          return metadata;
        } catch (thrown) {
          fail('table metadata', thrown, EditorErrorMessages.TABLE_METADATA_FETCH_FAILED);
          return null;
        }
      });
    },
  };
}
