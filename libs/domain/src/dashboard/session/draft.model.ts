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
export type DraftDiscarded = EventLike<'dashboard/draftDiscarded', { version: number; by: string; at: string }>;
export type VersionRestored = EventLike<
  'dashboard/versionRestored',
  { version: number; restoredVersion: number; layout: Layout; by: string; at: string; summary: string }
>;

export type SessionEvent = DraftStarted | DraftSaved | DraftDiscarded | VersionRestored;
export type DraftEvent = LayoutEvent | SessionEvent;

/** Opening the draft stream of a dashboard at its current saved version (server side, once). */
export type StartDraft = {
  type: 'StartDraft';
  actor: string;
  data: { dashboardId: number; version: number; layout: Layout; at: string };
};
/** Publishes the draft as version N+1. `expectedVersion` guards API writers against a stale draft. */
export type SaveDraft = { type: 'SaveDraft'; actor: string; data: { at: string; expectedVersion?: number } };
/** Returns the draft to the last saved version (everyone's unsaved edits go). */
export type DiscardDraft = { type: 'DiscardDraft'; actor: string; data: { at: string } };
/** Makes an old version the newest one; `layout` is that version's, loaded by the caller. */
export type RestoreVersion = {
  type: 'RestoreVersion';
  actor: string;
  data: { at: string; version: number; layout: Layout; expectedVersion?: number };
};

export type SessionCommand = StartDraft | SaveDraft | DiscardDraft | RestoreVersion;
export type DraftCommand = LayoutCommand | SessionCommand;

/** Events after which earlier edits are no longer undo steps (charts-dashboards-reports §4: a save clears the undo history). */
export const HISTORY_BARRIER_TYPES: readonly SessionEvent['type'][] = [
  'dashboard/draftStarted',
  'dashboard/draftSaved',
  'dashboard/draftDiscarded',
  'dashboard/versionRestored',
];
