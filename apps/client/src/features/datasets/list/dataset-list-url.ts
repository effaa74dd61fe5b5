import type { DatasetListFilters } from '@strata/domain';
import type { DatasetListQuery, ListFilter } from '../api/datasets-api';

export type { DatasetListFilters } from '@strata/domain';

export const LIST_PAGE_SIZE = 25;

const id = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null);

export function filtersOf(params: URLSearchParams): DatasetListFilters {
  const certified = params.get('certified');
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    databaseId: id(params.get('database')),
    schema: params.get('schema')?.slice(0, 200) || null,
    ownerId: id(params.get('owner')),
    certified: certified === 'true' ? true : certified === 'false' ? false : null,
    page: Number.isInteger(page) && page > 0 && page < 1e6 ? page : 0,
  };
}

export function searchOf(filters: DatasetListFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.databaseId !== null) params.set('database', String(filters.databaseId));
  if (filters.schema !== null) params.set('schema', filters.schema);
  if (filters.ownerId !== null) params.set('owner', String(filters.ownerId));
  if (filters.certified !== null) params.set('certified', String(filters.certified));
  if (filters.page > 0) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The rison `q` of `GET /api/v1/dataset/` (Superset's DatasetList filters), newest change first. */
export function listQueryOf(filters: DatasetListFilters): DatasetListQuery {
  const list: ListFilter[] = [];
  if (filters.search.trim()) list.push({ col: 'table_name', opr: 'ct', value: filters.search.trim() });
  if (filters.databaseId !== null) list.push({ col: 'database', opr: 'rel_o_m', value: filters.databaseId });
  if (filters.schema !== null) list.push({ col: 'schema', opr: 'eq', value: filters.schema });
  if (filters.ownerId !== null) list.push({ col: 'owners', opr: 'rel_m_m', value: filters.ownerId });
  if (filters.certified !== null) list.push({ col: 'id', opr: 'dataset_is_certified', value: filters.certified });
  return {
    filters: list,
    order_column: 'changed_on',
    order_direction: 'desc',
    page: filters.page,
    page_size: LIST_PAGE_SIZE,
  };
}
