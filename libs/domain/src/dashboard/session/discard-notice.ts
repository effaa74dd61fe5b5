/**
 * What editors are told when an owner discards everyone's draft (issue 12 "Discard is per user"): the
 * owner's confirmation names the other editors and how many unsaved changes each has; each of them is
 * told who discarded it and how many of their changes it held, and that the version history keeps it.
 * Pure: names are the caller's (the log keeps user ids).
 */
import type { DiscardedDraftInfo, DraftChange } from './draft.model';

export interface UnsavedBy {
  readonly actor: string;
  readonly count: number;
}

/** Unsaved changes per editor, in order of their first change. */
export function unsavedChangesByActor(changes: readonly DraftChange[]): UnsavedBy[] {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.actor, (counts.get(change.actor) ?? 0) + 1);
  return [...counts.entries()].map(([actor, count]) => ({ actor, count }));
}

const changesWord = (n: number) => (n === 1 ? '1 unsaved change' : `${n} unsaved changes`);

/** "Discard everyone's changes? bob has 3 unsaved changes, carol 1. ..." for the owner's confirmation. */
export function discardAllQuestion(others: readonly { name: string; count: number }[], mine: number): string {
  const parts = others.map((o, i) => (i === 0 ? `${o.name} has ${changesWord(o.count)}` : `${o.name} ${o.count}`));
  const theirs = parts.length > 0 ? ` ${parts.join(', ')}.` : '';
  const own = mine > 0 ? ` You have ${changesWord(mine)}.` : '';
  return `Discard everyone's unsaved changes?${theirs}${own} They can be restored from the version history.`;
}

export interface DiscardNotice {
  /** The actor (user id) who discarded the draft. */
  readonly by: string;
  readonly discard: number;
  /** How many of the viewer's unsaved changes went with it. */
  readonly yours: number;
}

/** The notice for `viewer`, or null when they discarded it themself. */
export function discardNoticeOf(dropped: DiscardedDraftInfo, viewer: string): DiscardNotice | null {
  if (dropped.discardedBy === viewer) return null;
  const yours = dropped.changes.filter((c) => c.actor === viewer).length;
  return { by: dropped.discardedBy, discard: dropped.discard, yours };
}

/** "Alice discarded the draft, including 3 of your changes. Restore it from version history." */
export function discardNoticeText(notice: DiscardNotice, name: string): string {
  const yours =
    notice.yours === 0
      ? ''
      : `, including ${notice.yours === 1 ? '1 of your changes' : `${notice.yours} of your changes`}`;
  return `${name} discarded the draft${yours}. Restore it from version history.`;
}
