import { ACTIVITY_OBJECT_TYPES, type ActivityFilters, type ActivityObjectType } from '@strata/domain';

/** The audit API's largest page (apps/server/src/audit/audit-query.ts). */
export const MAX_PAGE_SIZE = 1000;
export const PAGE_SIZES = [25, 100, 250, 1000] as const;
export const DEFAULT_PAGE_SIZE = 25;

const positiveInt = (text: string | null): number | undefined => {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
};
const isObjectType = (text: string | null): text is ActivityObjectType =>
  (ACTIVITY_OBJECT_TYPES as readonly string[]).includes(text ?? '');
const isoTime = (text: string | null): string | undefined =>
  text !== null && text !== '' && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : undefined;

/**
 * The filters as the page's address holds them (`/activity/?actor=2&object_type=chart&object_id=3&
 * types=chart/chartRenamed&since=...&text=...&page=1&page_size=100`), so a reload or a shared link shows
 * the same slice. Anything unreadable is left out rather than refused: an old link still opens.
 */
export function filtersFromSearch(search: URLSearchParams): ActivityFilters {
  const filters: ActivityFilters = { page: 0, pageSize: DEFAULT_PAGE_SIZE };
  const actor = positiveInt(search.get('actor'));
  if (actor !== undefined) filters.actor = actor;
  const type = search.get('object_type');
  const id = search.get('object_id')?.trim();
  if (isObjectType(type) && id) filters.object = { type, id: /^\d{1,9}$/.test(id) ? Number(id) : id };
  const types = (search.get('types') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (types.length > 0) filters.types = types;
  const since = isoTime(search.get('since'));
  if (since) filters.since = since;
  const until = isoTime(search.get('until'));
  if (until) filters.until = until;
  const text = search.get('text')?.trim();
  if (text) filters.text = text.slice(0, 200);
  filters.page = positiveInt(search.get('page')) ?? 0;
  filters.pageSize = Math.min(positiveInt(search.get('page_size')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return filters;
}

/** The other way round; defaults are left out so the address stays short. */
export function searchOfFilters(filters: ActivityFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.actor !== undefined) search.set('actor', String(filters.actor));
  if (filters.object) {
    search.set('object_type', filters.object.type);
    search.set('object_id', String(filters.object.id));
  }
  if (filters.types?.length) search.set('types', filters.types.join(','));
  if (filters.since) search.set('since', filters.since);
  if (filters.until) search.set('until', filters.until);
  if (filters.text) search.set('text', filters.text);
  if (filters.page > 0) search.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) search.set('page_size', String(filters.pageSize));
  return search;
}

/** The audit API's `q` (rison) for these filters. */
export function auditQueryOf(filters: ActivityFilters): Record<string, unknown> {
  return {
    ...(filters.actor !== undefined ? { actor: filters.actor } : {}),
    ...(filters.object ? { object: { type: filters.object.type, id: filters.object.id } } : {}),
    ...(filters.types?.length ? { types: filters.types } : {}),
    ...(filters.since ? { since: filters.since } : {}),
    ...(filters.until ? { until: filters.until } : {}),
    ...(filters.text ? { text: filters.text } : {}),
    page: filters.page,
    page_size: filters.pageSize,
  };
}
