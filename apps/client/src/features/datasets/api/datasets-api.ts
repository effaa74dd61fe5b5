import rison from 'rison';
import type { DatasetEdit, DatasetOwnerView, DatasetPickerOption, DatasetView } from '@strata/domain';
import type { HttpClient } from '../../api/http-client';

// The server's dataset JSON is the domain's (the client fold stores it): re-exported under the names the
// pages and the scripted test server use.
export type { DatasetView } from '@strata/domain';
export type Person = DatasetOwnerView;
export type Option = DatasetPickerOption;

export interface ListFilter {
  col: string;
  opr: string;
  value: unknown;
}

export interface DatasetListQuery {
  filters: ListFilter[];
  order_column: string;
  order_direction: 'asc' | 'desc';
  page: number;
  page_size: number;
}

/** A new dataset: from a table (physical) or from a query (`sql`: virtual). */
export interface NewDatasetBody {
  database: number;
  schema: string | null;
  table_name: string;
  sql?: string;
}

/**
 * The dataset calls (apps/server/src/datasets/CONTEXT.md "API") and the pickers' (databases, schemas,
 * tables, owners) of the list, the create dialog and the editor.
 */
export interface DatasetsApi {
  list(query: DatasetListQuery): Promise<{ count: number; result: DatasetView[] }>;
  get(id: number): Promise<DatasetView>;
  create(body: NewDatasetBody): Promise<DatasetView>;
  /** Only the fields sent change; `columns` is the new list (a column left out is removed). */
  update(id: number, body: DatasetEdit): Promise<DatasetView>;
  /** "Sync columns from source": the table's (or the query's) columns merged in, user settings kept. */
  refresh(id: number): Promise<DatasetView>;
  remove(id: number): Promise<void>;
  databases(): Promise<Option[]>;
  schemas(databaseId: number): Promise<string[]>;
  tables(databaseId: number, schema: string): Promise<string[]>;
  owners(text: string): Promise<Option[]>;
}

const q = (value: unknown) => encodeURIComponent(rison.encode(value));

export function datasetsApi(http: HttpClient): DatasetsApi {
  return {
    list: (query) => http.get(`/api/v1/dataset/?q=${q(query)}`),
    get: async (id) => (await http.get<{ result: DatasetView }>(`/api/v1/dataset/${id}`)).result,
    create: async (body) => (await http.post<{ result: DatasetView }>('/api/v1/dataset/', body)).result,
    update: async (id, body) => (await http.put<{ result: DatasetView }>(`/api/v1/dataset/${id}`, body)).result,
    refresh: async (id) => (await http.put<{ result: DatasetView }>(`/api/v1/dataset/${id}/refresh`, {})).result,
    remove: async (id) => void (await http.delete(`/api/v1/dataset/${id}`)),
    databases: async () => {
      const query = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 };
      const answer = await http.get<{ result: { id: number; database_name: string }[] }>(
        `/api/v1/database/?q=${q(query)}`,
      );
      return answer.result.map((d) => ({ value: d.id, label: d.database_name }));
    },
    schemas: async (databaseId) =>
      (await http.get<{ result: string[] }>(`/api/v1/database/${databaseId}/schemas/?q=${q({ force: false })}`)).result,
    tables: async (databaseId, schema) => {
      const answer = await http.get<{ result: ({ value: string } | { name: string } | string)[] }>(
        `/api/v1/database/${databaseId}/tables/?q=${q({ schema_name: schema, force: false })}`,
      );
      return answer.result.map((t) => (typeof t === 'string' ? t : 'value' in t ? t.value : t.name));
    },
    owners: async (text) => {
      const answer = await http.get<{ result: { value: number; text: string }[] }>(
        `/api/v1/dataset/related/owners?q=${q({ filter: text, page: 0, page_size: 100 })}`,
      );
      return answer.result.map((o) => ({ value: o.value, label: o.text }));
    },
  };
}
