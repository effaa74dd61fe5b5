import type { EventLike } from '@strata/events';
import type { LayoutCommand } from '../layout/layout.commands';
import type { LayoutEvent, LayoutEventType } from '../layout/layout.events';
import type { ComponentType, Layout } from '../layout/types';

/** One edit since the last version: who did what to which component (the version history's detail). */
export interface DraftChange {
  readonly actor: string;
  readonly kind: LayoutEventType;
  readonly componentId?: string;
  readonly componentType?: ComponentType;
  /**
   * The batch (one intent) the edit came in, for the draft's own undoable edits: "discard my changes"
   * names these batches. Left out of saved versions and discarded drafts.
   */
  readonly batchId?: string;
}

/** A saved version of the layout: who saved it, when, and what changed since the one before. */
export interface VersionInfo {
  readonly version: number;
  readonly savedBy: string;
  /** ISO-8601, from the command. */
  readonly savedAt: string;
  readonly changes: readonly DraftChange[];
  /** Every actor whose edits went into it (the saver too). */
  readonly authors: readonly string[];
  readonly summary: string;
  /** Set when the version is a restore of an older one. */
  readonly restoredFrom?: number;
}

/**
 * The shared draft of one dashboard (stream `dashboard-draft:<id>`): the layout everyone in edit mode
 * works on, the last saved version it started from, and the edits since then.
 */
export interface DraftState {
  readonly dashboardId: number | null;
  /** The last saved version (0 before the draft is started). */
  readonly version: number;
  readonly savedLayout: Layout;
  readonly layout: Layout;
  /** Edits since `version`, oldest first; undone ones are not here (the fold skips them). */
  readonly changes: readonly DraftChange[];
  readonly versions: readonly VersionInfo[];
  /** Drafts an owner discarded for everyone, oldest first: recoverable from the version history. */
  readonly discardedDrafts: readonly DiscardedDraftInfo[];
}

/** A draft discarded for everyone (`dashboard/draftDiscarded`), listed beside the versions. */
export interface DiscardedDraftInfo {
  /** 1, 2, ... in the order of the discards on this draft stream. */
  readonly discard: number;
  /** The saved version the discarded draft was based on. */
  readonly version: number;
  readonly discardedBy: string;
  readonly discardedAt: string;
  /** The unsaved edits that were dropped (who did what). */
  readonly changes: readonly DraftChange[];
  /** False for discards recorded before the layout was kept (nothing to bring back). */
  readonly restorable: boolean;
}

export type DraftStarted = EventLike<
  'dashboard/draftStarted',
  { dashboardId: number; version: number; layout: Layout; by: string; at: string }
>;
export type DraftSaved = EventLike<
  'dashboard/draftSaved',
  {
    version: number;
    layout: Layout;
    by: string;
    at: string;
    changes: readonly DraftChange[];
    authors: readonly string[];
    summary: string;
  }
>;
/**
 * Everyone's unsaved edits dropped by an owner: the dropped layout and edits travel with it, so the draft
 * stays recoverable (`RestoreDiscardedDraft`). Old events had neither: read with `layout: null, changes: []`
 * (session/upcasters.ts).
 */
export type DraftDiscarded = EventLike<
  'dashboard/draftDiscarded',
  { version: number; by: string; at: string; layout: Layout | null; changes: readonly DraftChange[] }
>;
/**
 * One editor took back all their own live edits since the last save (`DiscardMyChanges`). It heads a batch
 * whose other entries are the `history/undone` markers of those edits; the fold skips them like any undone
 * batch, so the others' edits stay. Undoing it is `dashboard/ownChangesRestored` + `history/redone`s.
 * `kept`: the author's batches left in the draft because another editor's live work builds on them
 * (own-discard.ts `decideOwnDiscard`); absent when none (and in events from before it).
 */
export type OwnChangesDiscarded = EventLike<
  'dashboard/ownChangesDiscarded',
  { by: string; at: string; batchIds: readonly string[]; kept?: readonly string[] }
>;
/** The undo of an `ownChangesDiscarded` (batch `discardBatchId`): heads the `history/redone` markers of its edits. */
export type OwnChangesRestored = EventLike<
  'dashboard/ownChangesRestored',
  { by: string; at: string; discardBatchId: string; batchIds: readonly string[] }
>;
/** A discarded draft (number `discard`) brought back as the draft: its layout and edits are unsaved changes again. */
export type DiscardedDraftRestored = EventLike<
  'dashboard/discardedDraftRestored',
  { discard: number; layout: Layout; changes: readonly DraftChange[]; by: string; at: string }
>;
export type VersionRestored = EventLike<
  'dashboard/versionRestored',
  { version: number; restoredVersion: number; layout: Layout; by: string; at: string; summary: string }
>;

/**
 * An owner or admin reverted `author`'s live layout batch `batchId` on their behalf (issue 13): closes a
 * batch whose layout events, before it, take that edit back (layout-revert.ts). Changes nothing itself.
 */
export type LayoutChangeReverted = EventLike<
  'dashboard/layoutChangeReverted',
  { batchId: string; author: string; by: string; at: string }
>;

export type SessionEvent =
  | DraftStarted
  | LayoutChangeReverted
  | DraftSaved
  | DraftDiscarded
  | VersionRestored
  | OwnChangesDiscarded
  | OwnChangesRestored
  | DiscardedDraftRestored;
export type DraftEvent = LayoutEvent | SessionEvent;

/** Opening the draft stream of a dashboard at its current saved version (server side, once). */
export type StartDraft = {
  type: 'StartDraft';
  actor: string;
  data: { dashboardId: number; version: number; layout: Layout; at: string };
};
/** Publishes the draft as version N+1. `expectedVersion` guards API writers against a stale draft. */
export type SaveDraft = { type: 'SaveDraft'; actor: string; data: { at: string; expectedVersion?: number } };
/**
 * Returns the draft to the last saved version for everyone (owners and admins only, checked by the
 * server; the client confirms first). The dropped draft is kept in the event, restorable.
 */
export type DiscardDraft = { type: 'DiscardDraft'; actor: string; data: { at: string } };
/** Takes back the actor's own live edits since the last save, as one step their Undo reverses. */
export type DiscardMyChanges = { type: 'DiscardMyChanges'; actor: string; data: { at: string } };
/** Brings discarded draft number `discard` back as the draft; `layout` is the one it dropped, loaded by the caller. */
export type RestoreDiscardedDraft = {
  type: 'RestoreDiscardedDraft';
  actor: string;
  data: { at: string; discard: number; layout: Layout };
};
/** Makes an old version the newest one; `layout` is that version's, loaded by the caller. */
export type RestoreVersion = {
  type: 'RestoreVersion';
  actor: string;
  data: { at: string; version: number; layout: Layout; expectedVersion?: number };
};

/**
 * Revert one past layout batch of the draft as a new intent (issue 13). Decided on the draft's log
 * (`decideLayoutRevert`: who built on it since), so it is not a case of `decideDraft`.
 */
export type RevertLayoutChange = { type: 'RevertLayoutChange'; actor: string; data: { batchId: string; at: string } };

export type SessionCommand =
  StartDraft | SaveDraft | DiscardDraft | DiscardMyChanges | RestoreVersion | RestoreDiscardedDraft;
export type DraftCommand = LayoutCommand | SessionCommand;

/** Events after which earlier edits are no longer undo steps (charts-dashboards-reports §4: a save clears the undo history). */
export const HISTORY_BARRIER_TYPES: readonly SessionEvent['type'][] = [
  'dashboard/draftStarted',
  'dashboard/draftSaved',
  'dashboard/draftDiscarded',
  'dashboard/versionRestored',
  'dashboard/discardedDraftRestored',
];
