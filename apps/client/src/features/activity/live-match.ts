import type { ActivityFilters, AuditRowView } from '@strata/domain';

/**
 * Whether a row pushed by the live tail belongs in the table under these filters: the same tests the
 * audit API applies (actor, object, event types, time range, text in the type, the summary or the
 * payload), so the live table never shows a row that a reload would drop.
 */
export function matchesFilters(row: AuditRowView, filters: ActivityFilters): boolean {
  if (filters.actor !== undefined && row.actor.id !== filters.actor) return false;
  if (filters.object) {
    if (row.object === null || row.object.type !== filters.object.type) return false;
    if (String(row.object.id) !== String(filters.object.id)) return false;
  }
  if (filters.types?.length && !filters.types.includes(row.type)) return false;
  const at = Date.parse(row.time);
  if (filters.since && at < Date.parse(filters.since)) return false;
  if (filters.until && at > Date.parse(filters.until)) return false;
  if (filters.text) {
    const needle = filters.text.toLowerCase();
    const haystack = [row.type, row.summary, JSON.stringify(row.payload ?? null)].join('\n').toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}
