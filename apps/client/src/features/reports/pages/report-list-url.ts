import { RUN_STATES, type RunState } from '@strata/domain';
import type { ReportListFilters, ScheduleType } from '../api/reports-api';

export const LIST_PAGE_SIZE = 25;

export const noFilters = (): ReportListFilters => ({ search: '', ownerId: null, status: null, active: null, page: 0 });

const STATES: ReadonlySet<string> = new Set(RUN_STATES);

export function filtersOf(params: URLSearchParams): ReportListFilters {
  const owner = params.get('owner');
  const status = params.get('status');
  const active = params.get('active');
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    ownerId: owner !== null && /^\d{1,9}$/.test(owner) ? Number(owner) : null,
    status: status !== null && STATES.has(status) ? (status as RunState) : null,
    active: active === 'true' ? true : active === 'false' ? false : null,
    page: Number.isInteger(page) && page > 0 && page < 1e6 ? page : 0,
  };
}

export function searchOf(filters: ReportListFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.ownerId !== null) params.set('owner', String(filters.ownerId));
  if (filters.status !== null) params.set('status', filters.status);
  if (filters.active !== null) params.set('active', String(filters.active));
  if (filters.page > 0) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The rison `q` of `GET /api/v1/report/` (apps/server/src/reports/report-list.ts), as Superset's AlertList sends it. */
export function listQueryOf(type: ScheduleType, filters: ReportListFilters) {
  const clauses: { col: string; opr: string; value: string | number | boolean }[] = [
    { col: 'type', opr: 'eq', value: type },
  ];
  const search = filters.search.trim();
  if (search) clauses.push({ col: 'name', opr: 'report_all_text', value: search });
  if (filters.ownerId !== null) clauses.push({ col: 'owners', opr: 'rel_m_m', value: filters.ownerId });
  if (filters.status !== null) clauses.push({ col: 'last_state', opr: 'eq', value: filters.status });
  if (filters.active !== null) clauses.push({ col: 'active', opr: 'eq', value: filters.active });
  return {
    filters: clauses,
    order_column: 'name',
    order_direction: 'asc' as const,
    page: filters.page,
    page_size: LIST_PAGE_SIZE,
  };
}
