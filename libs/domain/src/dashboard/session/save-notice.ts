/**
 * What an editor is told when someone else publishes the shared draft (issue 12 "Save keeps everyone
 * working"): who saved which version and how many of this editor's own changes went into it, and why
 * their Undo has nothing left once their edits are part of a saved version (a save ends the undo history,
 * charts-dashboards-reports §4), instead of a silently disabled button. Pure: names are the caller's.
 */
import type { LogEntry } from '@strata/events';
import type { DraftSaved, VersionRestored } from './draft.model';
import { draftUndoCommand, historyBarrier, historyBlockedBy } from './undo';

export interface SaveNotice {
  readonly kind: 'saved' | 'restored';
  readonly version: number;
  /** The actor (user id) who saved or restored. */
  readonly by: string;
  /** For a restore: the old version made the newest one. */
  readonly restoredVersion?: number;
  /** How many of the viewer's own changes the version holds. */
  readonly yours: number;
}

/** The notice for `viewer`, or null when the viewer published it themself. */
export function saveNoticeOf(event: DraftSaved | VersionRestored, viewer: string): SaveNotice | null {
  if (event.data.by === viewer) return null;
  if (event.type === 'dashboard/versionRestored') {
    const { version, by, restoredVersion } = event.data;
    return { kind: 'restored', version, by, restoredVersion, yours: 0 };
  }
  const { version, by, changes } = event.data;
  return { kind: 'saved', version, by, yours: changes.filter((c) => c.actor === viewer).length };
}

/** "Alice saved version 7, including 3 of your changes"; "Alice restored version 3 as version 8". */
export function saveNoticeText(notice: SaveNotice, name: string): string {
  if (notice.kind === 'restored')
    return `${name} restored version ${notice.restoredVersion} as version ${notice.version}`;
  const base = `${name} saved version ${notice.version}`;
  if (notice.yours === 0) return base;
  return `${base}, including ${notice.yours} of your changes`;
}

/**
 * The saved version that holds the viewer's latest edits when their Undo has nothing reachable because
 * of it (the last history barrier is a save with changes of theirs); null when Undo works or is empty
 * for another reason.
 */
export function undoBlockedBySave(entries: readonly LogEntry[], viewer: string): number | null {
  // An Undo that is off because others built on it says so itself (undo.ts `historyBlockedBy`).
  if (draftUndoCommand(entries, viewer) !== null || historyBlockedBy(entries, viewer, 'Undo') !== null) return null;
  const barrier = historyBarrier(entries);
  const event = entries[barrier];
  if (event?.type !== 'dashboard/draftSaved') return null;
  const saved = event as unknown as DraftSaved;
  return saved.data.changes.some((c) => c.actor === viewer) ? saved.data.version : null;
}

/** Said on the Undo button and in the notice when `undoBlockedBySave` gives a version. */
export function undoBlockedText(version: number): string {
  return `Your earlier changes are in version ${version}: restore an older version from the history to revert them`;
}
