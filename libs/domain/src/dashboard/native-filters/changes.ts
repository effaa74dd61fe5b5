/** The body of PUT /api/v1/dashboard/{id}/filters (charts-dashboards-reports §7): what the modal changed. */
import type { FilterConfigItem } from './types';

export interface FilterChanges {
  readonly added: FilterConfigItem[];
  readonly modified: FilterConfigItem[];
  readonly deleted: string[];
  /** The full new order of ids, when it changed for the filters kept. */
  readonly reordered: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function filterChanges(before: readonly FilterConfigItem[], after: readonly FilterConfigItem[]): FilterChanges {
  const old = new Map(before.map((f) => [f.id, f]));
  const now = new Set(after.map((f) => f.id));
  const kept = after.filter((f) => old.has(f.id)).map((f) => f.id);
  const oldOrder = before.filter((f) => now.has(f.id)).map((f) => f.id);
  return {
    added: after.filter((f) => !old.has(f.id)),
    modified: after.filter((f) => old.has(f.id) && !same(old.get(f.id), f)),
    deleted: before.filter((f) => !now.has(f.id)).map((f) => f.id),
    reordered: same(kept, oldOrder) ? [] : after.map((f) => f.id),
  };
}

/** Applies a changes body to a stored configuration (the server's side of the same endpoint). */
export function applyFilterChanges(current: readonly FilterConfigItem[], changes: FilterChanges): FilterConfigItem[] {
  const deleted = new Set(changes.deleted);
  const modified = new Map(changes.modified.map((f) => [f.id, f]));
  let next = current.filter((f) => !deleted.has(f.id)).map((f) => modified.get(f.id) ?? f);
  next = [...next, ...changes.added.filter((f) => !next.some((n) => n.id === f.id))];
  if (changes.reordered.length > 0) {
    const rank = new Map(changes.reordered.map((id, i) => [id, i]));
    next = [...next].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
  }
  return next;
}
