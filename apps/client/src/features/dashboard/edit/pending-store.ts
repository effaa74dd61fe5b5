/**
 * An editor's unacknowledged draft commands and unread rejections, kept in browser storage per dashboard
 * and user (issue 12 "Disconnects": nothing pending is dropped silently, even across a page reload).
 * A command stays until the server acknowledges it (committed or rejected); the next page load of the
 * dashboard in edit mode applies it again locally and resends it with the same command id, so the server
 * applies it once. Each write reads the stored value first: a second tab of the same user on the same
 * dashboard adds its own entries instead of overwriting the first tab's.
 */
import { draftDecider, type DraftState, type LayoutCommand } from '@strata/domain';
import { HISTORY_REDONE, HISTORY_UNDONE, type EventLike } from '@strata/events';
import type { RejectedEdit } from './rejected-edits';

/** A command as sent, with what it was decided against. */
export interface StoredCommand {
  commandId: string;
  batchId: string;
  command: { type: string; data: unknown };
  /** The confirmed draft stream version the command was decided against. */
  baseVersion: number;
  at: string;
}

interface Stored {
  pending: StoredCommand[];
  rejected: RejectedEdit[];
}

export interface PendingStore {
  load(): Stored;
  add(command: StoredCommand): void;
  remove(commandIds: readonly string[]): void;
  saveRejected(rejected: readonly RejectedEdit[]): void;
}

export const pendingStorageKey = (dashboardId: number, userId: string) =>
  `strata:dashboard-draft-pending:${dashboardId}:${userId}`;

/** The page's localStorage, or null where the browser refuses it (privacy settings, no window). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function pendingStore(storage: Storage | null, dashboardId: number, userId: string): PendingStore {
  const key = pendingStorageKey(dashboardId, userId);
  const load = (): Stored => {
    try {
      const value = JSON.parse(storage?.getItem(key) ?? 'null') as Partial<Stored> | null;
      return { pending: value?.pending ?? [], rejected: value?.rejected ?? [] };
    } catch {
      // Unreadable (edited by hand, an older shape): nothing to resend.
      return { pending: [], rejected: [] };
    }
  };
  const write = (change: (stored: Stored) => Stored) => {
    if (!storage) return;
    const next = change(load());
    try {
      if (next.pending.length === 0 && next.rejected.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or refused: the session still holds everything in memory until it closes.
    }
  };
  return {
    load,
    add: (command) =>
      write((s) => ({ ...s, pending: [...s.pending.filter((c) => c.commandId !== command.commandId), command] })),
    remove: (ids) => write((s) => ({ ...s, pending: s.pending.filter((c) => !ids.includes(c.commandId)) })),
    saveRejected: (rejected) => write((s) => ({ ...s, rejected: [...rejected] })),
  };
}

/**
 * What a command left by the last page load shows on the draft as it is now: an undo or redo marker as
 * sent, a layout command decided again. Nothing when the draft no longer allows it: it is sent anyway,
 * so the server's refusal (with its reason) reaches the user.
 */
export function previewOf(command: StoredCommand['command'], draft: DraftState, actor: string): EventLike[] {
  const { type, data } = command;
  if (type === 'Undo' || type === 'Redo')
    return [{ type: type === 'Undo' ? HISTORY_UNDONE : HISTORY_REDONE, data: data as { batchId: string } }];
  try {
    return draftDecider.decide({ type, data, actor } as LayoutCommand, draft, undefined);
  } catch {
    return [];
  }
}
