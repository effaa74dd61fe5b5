/**
 * charts-dashboards-reports §4/§9: a filter removed in the configuration modal is pending for 5 s (it can be restored),
 * then it is gone. Pure state: the time of removal per filter; `now` always comes from the caller.
 */
import { FILTER_PENDING_DELETE_MS } from '../constants';
import { isNativeFilter, type FilterConfigItem } from './types';

export type PendingDeletes = Readonly<Record<string, number>>;
export type DeletionStatus = 'active' | 'pending' | 'deleted';

export function markForDeletion(state: PendingDeletes, id: string, now: number): PendingDeletes {
  return id in state ? state : { ...state, [id]: now };
}

export function deletionStatus(state: PendingDeletes, id: string, now: number): DeletionStatus {
  const at = state[id];
  if (at === undefined) return 'active';
  return now - at < FILTER_PENDING_DELETE_MS ? 'pending' : 'deleted';
}

/** Restores a filter still pending; one whose 5 s have passed stays deleted. */
export function restoreFilter(state: PendingDeletes, id: string, now: number): PendingDeletes {
  if (deletionStatus(state, id, now) !== 'pending') return state;
  const next = { ...state };
  delete next[id];
  return next;
}

/** Milliseconds left to restore, 0 when not pending. */
export function restoreTimeLeft(state: PendingDeletes, id: string, now: number): number {
  return deletionStatus(state, id, now) === 'pending' ? FILTER_PENDING_DELETE_MS - (now - state[id]!) : 0;
}

/** The filters whose 5 s are over (what the modal removes from its list). */
export function expiredDeletions(state: PendingDeletes, now: number): string[] {
  return Object.keys(state).filter((id) => deletionStatus(state, id, now) === 'deleted');
}

/**
 * The configuration as saved: removed filters (pending or not: saving confirms them) are dropped, and so
 * are cascade links to them.
 */
export function withoutRemoved(items: readonly FilterConfigItem[], state: PendingDeletes): FilterConfigItem[] {
  const removed = new Set(Object.keys(state));
  return items
    .filter((item) => !removed.has(item.id))
    .map((item) =>
      isNativeFilter(item) && item.cascadeParentIds.some((p) => removed.has(p))
        ? { ...item, cascadeParentIds: item.cascadeParentIds.filter((p) => !removed.has(p)) }
        : item,
    );
}
