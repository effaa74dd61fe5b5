/**
 * Words the dashboard contexts' audit summaries share (issue 13): how a failure, a duration, a list of
 * people, a filter value and a change of the filter configuration read in one line of the audit log.
 */
import { count, quote, the } from '../audit/summary';
import type { FilterConfigItem } from './native-filters/types';

export const dashboard = (objectName: string | undefined) => the('dashboard', objectName);

const MAX_MESSAGE = 80;

/** An error message on one line, shortened; never empty. */
export function failure(message: unknown): string {
  const text = (typeof message === 'string' ? message : '').replace(/\s+/g, ' ').trim();
  if (text === '') return 'no reason given';
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

/** "30 seconds", "5 minutes", "1 hour", "2 days". */
export function duration(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) if (seconds >= size && seconds % size === 0) return count(seconds / size, unit);
  return count(seconds, 'second');
}

/** "alice", "alice and bob", "alice, bob and 2 others". */
export function people(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others`;
}

/** "'East'", "'East', 'West' and 3 more", "nothing": a filter's value as picked. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (!Array.isArray(value)) return quote(typeof value === 'object' ? 'a value' : value);
  const shown = value.filter((v) => v !== null && v !== undefined);
  if (shown.length === 0) return 'nothing';
  const first = shown.slice(0, 2).map((v) => quote(String(v).slice(0, 30)));
  return shown.length > 2 ? `${first.join(', ')} and ${shown.length - 2} more` : first.join(' and ');
}

const itemName = (item: FilterConfigItem) => (item.type === 'DIVIDER' ? item.title : item.name);
const itemKind = (item: FilterConfigItem) => (item.type === 'DIVIDER' ? 'divider' : 'filter');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A save of the filter configuration, named from the one before when it is known: "added the filter
 * 'Region' to the dashboard 'Sales'", "renamed the filter 'Origin' to 'From' on ...", else what changed counted.
 */
export function filterConfigChange(
  who: string,
  before: readonly FilterConfigItem[] | undefined,
  after: readonly FilterConfigItem[],
  dash: string,
): string {
  if (before === undefined) return `${who} set the filters of ${dash} (${count(after.length, 'filter')})`;
  const old = new Map(before.map((f) => [f.id, f]));
  const now = new Set(after.map((f) => f.id));
  const added = after.filter((f) => !old.has(f.id));
  const removed = before.filter((f) => !now.has(f.id));
  const changed = after.filter((f) => old.has(f.id) && !same(old.get(f.id), f));
  const moved = added.length + removed.length + changed.length === 0 && !same(before, after);
  if (added.length === 1 && removed.length + changed.length === 0)
    return `${who} added the ${itemKind(added[0]!)} ${quote(itemName(added[0]!))} to ${dash}`;
  if (removed.length === 1 && added.length + changed.length === 0)
    return `${who} removed the ${itemKind(removed[0]!)} ${quote(itemName(removed[0]!))} from ${dash}`;
  if (changed.length === 1 && added.length + removed.length === 0) {
    const [now1, was] = [changed[0]!, old.get(changed[0]!.id)!];
    return itemName(now1) !== itemName(was)
      ? `${who} renamed the ${itemKind(now1)} ${quote(itemName(was))} to ${quote(itemName(now1))} on ${dash}`
      : `${who} changed the ${itemKind(now1)} ${quote(itemName(now1))} on ${dash}`;
  }
  if (moved) return `${who} reordered the filters of ${dash}`;
  const parts = [
    added.length > 0 ? `${added.length} added` : '',
    removed.length > 0 ? `${removed.length} removed` : '',
    changed.length > 0 ? `${changed.length} changed` : '',
  ].filter((p) => p !== '');
  if (parts.length === 0) return `${who} saved the filters of ${dash} unchanged`;
  return `${who} changed the filters of ${dash}: ${parts.join(', ')}`;
}
