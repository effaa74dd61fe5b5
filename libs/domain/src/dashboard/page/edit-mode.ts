/**
 * Edit mode's facts on the dashboard page (charts-dashboards-reports §4 edit mode; the server's
 * dashboard-drafts): the save or discard of the shared draft and how it ended, the version history
 * (the list loaded, a version viewed read-only, a restore and how it ended) and the charts the palette
 * lists. They are loads, answers and view-only gestures: never undo steps. The draft's layout edits
 * themselves are the session's commands (`../session`), undone per user.
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import type { Layout } from '../layout';

export interface VersionAuthor {
  id: number | null;
  username: string;
}

/** One saved version as GET /api/v1/dashboard/{id}/versions lists it (newest first). */
export interface DashboardVersion {
  version: number;
  saved_by: VersionAuthor;
  saved_at: string;
  summary: string;
  authors: VersionAuthor[];
  changes: { user: VersionAuthor; kind: string; component_id: string | null; component_type: string | null }[];
  restored_from: number | null;
}

/** Unsaved edits of one editor (GET .../draft `unsaved_by`): the owner's "discard everyone's changes" confirmation. */
export interface UnsavedByEditor {
  user: VersionAuthor;
  count: number;
}

/** A draft an owner discarded for everyone, as GET .../versions lists it in `discarded` (newest first). */
export interface DiscardedDraftItem {
  discard: number;
  based_on_version: number;
  discarded_by: VersionAuthor;
  discarded_at: string;
  summary: string;
  unsaved_by: UnsavedByEditor[];
  restorable: boolean;
}

export interface DashboardVersionList {
  count: number;
  current_version: number | null;
  result: DashboardVersion[];
  /** Absent from servers before issue 12. */
  discarded?: DiscardedDraftItem[];
}

/** A chart the palette offers to drag into the grid (GET /api/v1/chart/?q=, charts-dashboards-reports §7). */
export interface PaletteChart {
  id: number;
  slice_name: string;
  viz_type: string;
}

export type DashboardEditEvent =
  /** Save publishes the shared draft as a new version (once the edits on their way are acknowledged). */
  | EventLike<'dashboardPage/draftSaveStarted', { dashboardId: number }>
  | EventLike<'dashboardPage/draftSaved', { dashboardId: number; version: number }>
  | EventLike<'dashboardPage/draftSaveFailed', { dashboardId: number; message: string }>
  /** Discard (or Exit edit mode when nothing is unsaved): `changesDropped` says whether the draft had changes. */
  | EventLike<'dashboardPage/draftDiscardStarted', { dashboardId: number }>
  | EventLike<'dashboardPage/draftDiscarded', { dashboardId: number; changesDropped: boolean }>
  | EventLike<'dashboardPage/draftDiscardFailed', { dashboardId: number; message: string }>
  /** Discard my changes: the editor's own unsaved edits taken back (one step of their undo); edit mode goes on. */
  | EventLike<'dashboardPage/ownChangesDiscardStarted', { dashboardId: number }>
  | EventLike<'dashboardPage/ownChangesDiscarded', { dashboardId: number }>
  | EventLike<'dashboardPage/ownChangesDiscardFailed', { dashboardId: number; message: string }>
  /** An owner's "discard everyone's changes": the confirmation (who has how many unsaved edits), then the discard. */
  | EventLike<'dashboardPage/discardEveryoneAsked', { dashboardId: number; unsaved: UnsavedByEditor[] }>
  | EventLike<'dashboardPage/discardEveryoneCancelled', Record<string, never>>
  | EventLike<'dashboardPage/everyoneDiscardStarted', { dashboardId: number }>
  | EventLike<'dashboardPage/everyoneDiscarded', { dashboardId: number }>
  | EventLike<'dashboardPage/everyoneDiscardFailed', { dashboardId: number; message: string }>
  /** A discarded draft brought back as the draft from the history. */
  | EventLike<'dashboardPage/discardedDraftRestoreStarted', { discard: number }>
  | EventLike<'dashboardPage/discardedDraftRestored', { discard: number }>
  | EventLike<'dashboardPage/discardedDraftRestoreFailed', { discard: number; message: string }>
  /** The version history panel, opened and closed: view-only. */
  | EventLike<'dashboardPage/versionHistoryOpened', { dashboardId: number }>
  | EventLike<'dashboardPage/versionHistoryClosed', Record<string, never>>
  | EventLike<'dashboardPage/versionsRequested', { requestId: string }>
  | EventLike<'dashboardPage/versionsLoaded', { requestId: string; list: DashboardVersionList }>
  | EventLike<'dashboardPage/versionsLoadFailed', { requestId: string; message: string }>
  /** A version shown read-only beside the history, with its layout as saved. */
  | EventLike<'dashboardPage/versionViewed', { info: DashboardVersion; layout: Layout }>
  | EventLike<'dashboardPage/versionViewFailed', { version: number; message: string }>
  | EventLike<'dashboardPage/versionViewClosed', Record<string, never>>
  /** A restore makes an older version the newest one (`newVersion`); the draft follows like any other edit. */
  | EventLike<'dashboardPage/versionRestoreStarted', { version: number }>
  | EventLike<'dashboardPage/versionRestored', { version: number; newVersion: number }>
  | EventLike<'dashboardPage/versionRestoreFailed', { version: number; message: string }>
  /** The palette's chart list as the server answered the search typed (the text itself is the form's). */
  | EventLike<'dashboardPage/paletteChartsLoaded', { search: string; charts: PaletteChart[] }>
  | EventLike<'dashboardPage/paletteChartsFailed', { search: string; message: string }>;

const EDIT_EVENT_TYPES: ReadonlySet<string> = new Set<DashboardEditEvent['type']>([
  'dashboardPage/draftSaveStarted',
  'dashboardPage/draftSaved',
  'dashboardPage/draftSaveFailed',
  'dashboardPage/draftDiscardStarted',
  'dashboardPage/draftDiscarded',
  'dashboardPage/draftDiscardFailed',
  'dashboardPage/ownChangesDiscardStarted',
  'dashboardPage/ownChangesDiscarded',
  'dashboardPage/ownChangesDiscardFailed',
  'dashboardPage/discardEveryoneAsked',
  'dashboardPage/discardEveryoneCancelled',
  'dashboardPage/everyoneDiscardStarted',
  'dashboardPage/everyoneDiscarded',
  'dashboardPage/everyoneDiscardFailed',
  'dashboardPage/discardedDraftRestoreStarted',
  'dashboardPage/discardedDraftRestored',
  'dashboardPage/discardedDraftRestoreFailed',
  'dashboardPage/versionHistoryOpened',
  'dashboardPage/versionHistoryClosed',
  'dashboardPage/versionsRequested',
  'dashboardPage/versionsLoaded',
  'dashboardPage/versionsLoadFailed',
  'dashboardPage/versionViewed',
  'dashboardPage/versionViewFailed',
  'dashboardPage/versionViewClosed',
  'dashboardPage/versionRestoreStarted',
  'dashboardPage/versionRestored',
  'dashboardPage/versionRestoreFailed',
  'dashboardPage/paletteChartsLoaded',
  'dashboardPage/paletteChartsFailed',
]);

export const isDashboardEditEvent = (event: { type: string }): event is DashboardEditEvent =>
  EDIT_EVENT_TYPES.has(event.type);

/** The version history panel while it is open. */
export interface VersionHistoryState {
  /** The versions request whose answer the panel waits for (an older one's answer changes nothing). */
  requestId: string | null;
  /** null until the first answer: "Loading versions…". A reload keeps the list shown until it answers. */
  list: DashboardVersionList | null;
  error: string | null;
  viewing: { info: DashboardVersion; layout: Layout } | null;
  /** The version being restored: Restore is disabled meanwhile. */
  restoring: number | null;
  /** The discarded draft being restored (Restore disabled meanwhile). */
  restoringDiscard?: number | null;
}

export interface DashboardEditState {
  /**
   * The draft's save or discard under way, or done: edit mode ends with it, so the buttons stay
   * disabled until the page reloads the dashboard (which starts a fresh page state).
   */
  draft: 'saving' | 'saved' | 'discarding' | 'discarded' | null;
  /** What the edit bar says went wrong last: a save, a discard, the palette's chart list. */
  problem: string | null;
  /** A discard that keeps edit mode going, under way: 'mine' or the owner's 'everyone'. */
  discarding?: 'mine' | 'everyone' | null;
  /** The owner's confirmation of "discard everyone's changes", open: who has how many unsaved edits. */
  confirmDiscard?: { unsaved: UnsavedByEditor[] } | null;
  /** null: the panel is closed. */
  history: VersionHistoryState | null;
  /** null until the palette's first answer: "Loading charts…". */
  paletteCharts: PaletteChart[] | null;
}

export const initialDashboardEditState = (): DashboardEditState => ({
  draft: null,
  problem: null,
  history: null,
  paletteCharts: null,
});

const onHistory = (state: DashboardEditState, change: (history: VersionHistoryState) => VersionHistoryState) =>
  state.history ? { ...state, history: change(state.history) } : state;

export function evolveDashboardEdit(state: DashboardEditState, event: DashboardEditEvent): DashboardEditState {
  switch (event.type) {
    case 'dashboardPage/draftSaveStarted':
      return { ...state, draft: 'saving', problem: null };
    case 'dashboardPage/draftSaved':
      return { ...state, draft: 'saved' };
    case 'dashboardPage/draftDiscardStarted':
      return { ...state, draft: 'discarding', problem: null };
    case 'dashboardPage/draftDiscarded':
      return { ...state, draft: 'discarded' };
    case 'dashboardPage/draftSaveFailed':
    case 'dashboardPage/draftDiscardFailed':
      // The draft is still there: the user may try again.
      return { ...state, draft: null, problem: event.data.message };
    case 'dashboardPage/ownChangesDiscardStarted':
      return { ...state, discarding: 'mine', problem: null };
    case 'dashboardPage/ownChangesDiscarded':
    case 'dashboardPage/everyoneDiscarded':
      return { ...state, discarding: null };
    case 'dashboardPage/ownChangesDiscardFailed':
    case 'dashboardPage/everyoneDiscardFailed':
      return { ...state, discarding: null, problem: event.data.message };
    case 'dashboardPage/discardEveryoneAsked':
      return { ...state, confirmDiscard: { unsaved: event.data.unsaved } };
    case 'dashboardPage/discardEveryoneCancelled':
      return { ...state, confirmDiscard: null };
    case 'dashboardPage/everyoneDiscardStarted':
      return { ...state, confirmDiscard: null, discarding: 'everyone', problem: null };
    case 'dashboardPage/discardedDraftRestoreStarted':
      return onHistory(state, (h) => ({ ...h, restoringDiscard: event.data.discard, error: null }));
    case 'dashboardPage/discardedDraftRestored':
      return onHistory(state, (h) => ({ ...h, restoringDiscard: null }));
    case 'dashboardPage/discardedDraftRestoreFailed':
      return onHistory(state, (h) => ({ ...h, restoringDiscard: null, error: event.data.message }));
    case 'dashboardPage/versionHistoryOpened':
      return { ...state, history: { requestId: null, list: null, error: null, viewing: null, restoring: null } };
    case 'dashboardPage/versionHistoryClosed':
      return { ...state, history: null };
    case 'dashboardPage/versionsRequested':
      return onHistory(state, (h) => ({ ...h, requestId: event.data.requestId }));
    case 'dashboardPage/versionsLoaded':
      return onHistory(state, (h) => (h.requestId === event.data.requestId ? { ...h, list: event.data.list } : h));
    case 'dashboardPage/versionsLoadFailed':
      return onHistory(state, (h) => (h.requestId === event.data.requestId ? { ...h, error: event.data.message } : h));
    case 'dashboardPage/versionViewed':
      return onHistory(state, (h) => ({ ...h, viewing: { info: event.data.info, layout: event.data.layout } }));
    case 'dashboardPage/versionViewFailed':
      return onHistory(state, (h) => ({ ...h, error: event.data.message }));
    case 'dashboardPage/versionViewClosed':
      return onHistory(state, (h) => ({ ...h, viewing: null }));
    case 'dashboardPage/versionRestoreStarted':
      return onHistory(state, (h) => ({ ...h, restoring: event.data.version, error: null }));
    case 'dashboardPage/versionRestored':
      return onHistory(state, (h) => ({ ...h, restoring: null, viewing: null }));
    case 'dashboardPage/versionRestoreFailed':
      return onHistory(state, (h) => ({ ...h, restoring: null, error: event.data.message }));
    case 'dashboardPage/paletteChartsLoaded':
      return { ...state, paletteCharts: event.data.charts };
    case 'dashboardPage/paletteChartsFailed':
      return { ...state, problem: event.data.message };
    default:
      return leaveUnchanged(event, state);
  }
}
