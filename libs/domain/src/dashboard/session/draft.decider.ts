/**
 * The edit session of one dashboard: a draft shared by everyone in edit mode. Layout commands are
 * decided against the draft's layout; Save publishes it as version N+1, Discard returns to version N,
 * Restore makes an old version N+1. `evolve` reads nothing but the event, so every copy of the log
 * (server, each editor's browser) folds to the same draft, with undone batches skipped.
 */
import { DomainError, HISTORY_UNDONE, type Decider } from '@strata/events';
import { formatMessage } from '../../platform/text/format';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { DASHBOARD_POSITION_DATA_LIMIT } from '../constants';
import { DashboardMessages as M } from '../messages';
import { emptyLayout } from '../layout/factory';
import { applyLayoutEvent } from '../layout/layout.apply';
import type { LayoutContext } from '../layout/layout.commands';
import { decideLayout } from '../layout/layout.decide';
import { isLayoutEvent } from '../layout/layout.events';
import { toPositionJson } from '../layout/position-json';
import { layoutProblems } from '../layout/validate';
import { authorsOf, changeOf, summarizeChanges } from './changes';
import type { DraftChange, DraftCommand, DraftEvent, DraftState, SessionEvent } from './draft.model';

export const DraftErrorCode = {
  NOT_STARTED: 'draft_not_started',
  ALREADY_STARTED: 'draft_already_started',
  VERSION_CONFLICT: 'draft_version_conflict',
  VERSION_UNKNOWN: 'draft_version_unknown',
  NOTHING_TO_SAVE: 'draft_nothing_to_save',
  LAYOUT_TOO_LARGE: 'draft_layout_too_large',
  INVALID_LAYOUT: 'draft_invalid_layout',
  DISCARD_UNKNOWN: 'draft_discard_unknown',
  UNSAVED_CHANGES: 'draft_has_unsaved_changes',
} as const;

const RESTORE_OVER_UNSAVED = 'The draft has unsaved changes: save or discard them before restoring a discarded draft.';

export function initialDraftState(): DraftState {
  const layout = emptyLayout();
  return { dashboardId: null, version: 0, savedLayout: layout, layout, changes: [], versions: [], discardedDrafts: [] };
}

/** The edits as a version or a discarded draft keeps them: without the batch ids (an undo detail of the draft). */
const published = (changes: readonly DraftChange[]): DraftChange[] => changes.map(({ batchId: _b, ...c }) => c);

/** The actor's batches that still have an edit in the draft, oldest first. */
export function liveBatchesOf(state: DraftState, actor: string): string[] {
  const ids = state.changes.filter((c) => c.actor === actor && c.batchId !== undefined).map((c) => c.batchId!);
  return [...new Set(ids)];
}

/** charts-dashboards-reports §4: unsaved changes exist while any edit since the last version stands (undoing all clears it). */
export function hasUnsavedChanges(state: DraftState): boolean {
  return state.changes.length > 0;
}

function checkExpected(state: DraftState, expected: number | undefined): void {
  if (expected !== undefined && expected !== state.version) {
    throw new DomainError(DraftErrorCode.VERSION_CONFLICT, formatMessage(M.VERSION_CONFLICT, expected, state.version));
  }
}

function checkPublishable(layout: DraftState['layout']): void {
  const problems = layoutProblems(layout);
  if (problems.length > 0)
    throw new DomainError(
      DraftErrorCode.INVALID_LAYOUT,
      formatMessage(M.INVALID_LAYOUT, problems.slice(0, 3).join('; ')),
    );
  // REFERENCE §3.1: saving is blocked above the position data limit.
  if (JSON.stringify(toPositionJson(layout)).length > DASHBOARD_POSITION_DATA_LIMIT) {
    throw new DomainError(DraftErrorCode.LAYOUT_TOO_LARGE, M.LAYOUT_TOO_LARGE);
  }
}

export function decideDraft(command: DraftCommand, state: DraftState, context?: LayoutContext): DraftEvent[] {
  if (command.type === 'StartDraft') {
    if (state.dashboardId !== null)
      throw new DomainError(DraftErrorCode.ALREADY_STARTED, 'The draft of this dashboard is already open.');
    checkPublishable(command.data.layout);
    const { dashboardId, version, layout, at } = command.data;
    return [{ type: 'dashboard/draftStarted', data: { dashboardId, version, layout, by: command.actor, at } }];
  }
  if (state.dashboardId === null)
    throw new DomainError(DraftErrorCode.NOT_STARTED, 'The draft of this dashboard is not open.');
  switch (command.type) {
    case 'SaveDraft': {
      checkExpected(state, command.data.expectedVersion);
      if (state.changes.length === 0) throw new DomainError(DraftErrorCode.NOTHING_TO_SAVE, M.NOTHING_TO_SAVE);
      checkPublishable(state.layout);
      return [
        {
          type: 'dashboard/draftSaved',
          data: {
            version: state.version + 1,
            layout: state.layout,
            by: command.actor,
            at: command.data.at,
            changes: published(state.changes),
            authors: authorsOf(state.changes, command.actor),
            summary: summarizeChanges(state.changes),
          },
        },
      ];
    }
    case 'DiscardDraft': {
      if (state.changes.length === 0) return [];
      const { version, layout, changes } = state;
      const data = { version, by: command.actor, at: command.data.at, layout, changes: published(changes) };
      return [{ type: 'dashboard/draftDiscarded', data }];
    }
    case 'DiscardMyChanges': {
      // Without the log (a fold alone) every live batch goes; the server decides it on the log instead
      // (own-discard.ts `decideOwnDiscard`), keeping the batches another editor built on.
      const batchIds = liveBatchesOf(state, command.actor);
      if (batchIds.length === 0) return [];
      // One batch: the fact, then an undo marker per edit batch. The log's history index applies the
      // markers (evolve never sees them), so every copy of the log skips the same batches.
      const markers = batchIds.map((batchId) => ({ type: HISTORY_UNDONE, data: { batchId } }));
      return [
        { type: 'dashboard/ownChangesDiscarded', data: { by: command.actor, at: command.data.at, batchIds } },
        ...(markers as unknown as DraftEvent[]),
      ];
    }
    case 'RestoreDiscardedDraft': {
      const { discard, layout, at } = command.data;
      const dropped = state.discardedDrafts.find((d) => d.discard === discard);
      if (!dropped || !dropped.restorable)
        throw new DomainError(DraftErrorCode.DISCARD_UNKNOWN, `There is no discarded draft ${discard} to restore.`);
      // Restoring replaces the draft: it may not drop edits someone has made since.
      if (state.changes.length > 0) throw new DomainError(DraftErrorCode.UNSAVED_CHANGES, RESTORE_OVER_UNSAVED);
      checkPublishable(layout);
      return [
        {
          type: 'dashboard/discardedDraftRestored',
          data: { discard, layout, changes: dropped.changes, by: command.actor, at },
        },
      ];
    }
    case 'RestoreVersion': {
      checkExpected(state, command.data.expectedVersion);
      const { version, layout, at } = command.data;
      if (!state.versions.some((v) => v.version === version)) {
        throw new DomainError(DraftErrorCode.VERSION_UNKNOWN, formatMessage(M.VERSION_UNKNOWN, version));
      }
      checkPublishable(layout);
      return [
        {
          type: 'dashboard/versionRestored',
          data: {
            version: state.version + 1,
            restoredVersion: version,
            layout,
            by: command.actor,
            at,
            summary: `Restored version ${version}`,
          },
        },
      ];
    }
    case 'CreateComponent':
    case 'MoveComponent':
    case 'ResizeComponent':
    case 'DeleteComponent':
    case 'UpdateComponentText':
    case 'UpdateMarkdown':
    case 'SetHeaderSize':
    case 'SetBackground':
    case 'ConvertToTopLevelTabs':
    case 'RemoveTopLevelTabs':
      return decideLayout(command, state.layout, context);
    default:
      return unknownCommand(command);
  }
}

function evolveSession(state: DraftState, event: SessionEvent): DraftState {
  switch (event.type) {
    case 'dashboard/draftStarted': {
      const { dashboardId, version, layout, by, at } = event.data;
      const info = { version, savedBy: by, savedAt: at, changes: [], authors: [by], summary: 'Opened for editing' };
      return { ...initialDraftState(), dashboardId, version, savedLayout: layout, layout, versions: [info] };
    }
    case 'dashboard/draftSaved': {
      const { version, layout, by, at, changes, authors, summary } = event.data;
      if (version !== state.version + 1) return state;
      const info = { version, savedBy: by, savedAt: at, changes, authors, summary };
      return { ...state, version, savedLayout: layout, layout, changes: [], versions: [...state.versions, info] };
    }
    case 'dashboard/draftDiscarded': {
      if (event.data.version !== state.version) return state;
      const { version, by, at, layout, changes } = event.data;
      const dropped = {
        discard: state.discardedDrafts.length + 1,
        version,
        discardedBy: by,
        discardedAt: at,
        changes,
        restorable: layout !== null,
      };
      return { ...state, layout: state.savedLayout, changes: [], discardedDrafts: [...state.discardedDrafts, dropped] };
    }
    case 'dashboard/discardedDraftRestored':
      return { ...state, layout: event.data.layout, changes: event.data.changes };
    case 'dashboard/ownChangesDiscarded':
    case 'dashboard/ownChangesRestored':
      // Their markers do the work (the history index skips or restores the batches they name).
      return state;
    case 'dashboard/layoutChangeReverted':
      // The layout events before it in its batch did the work.
      return state;
    case 'dashboard/versionRestored': {
      const { version, restoredVersion, layout, by, at, summary } = event.data;
      if (version !== state.version + 1) return state;
      const info = {
        version,
        savedBy: by,
        savedAt: at,
        changes: [],
        authors: [by],
        summary,
        restoredFrom: restoredVersion,
      };
      return { ...state, version, savedLayout: layout, layout, changes: [], versions: [...state.versions, info] };
    }
    default:
      return leaveUnchanged(event, state);
  }
}

export function evolveDraft(state: DraftState, event: DraftEvent): DraftState {
  if (isLayoutEvent(event)) {
    const layout = applyLayoutEvent(state.layout, event);
    if (layout === null) return state;
    const change = changeOf(event, state.layout);
    const batchId = undoableBatchOf(event);
    return { ...state, layout, changes: [...state.changes, batchId ? { ...change, batchId } : change] };
  }
  return evolveSession(state, event);
}

/** The envelope's batch when it is an undo step (the fold gets envelopes; a bare event has none). */
function undoableBatchOf(event: DraftEvent): string | undefined {
  const meta = (event as { meta?: { batchId?: unknown; undoable?: unknown } }).meta;
  return meta && meta.undoable !== false && typeof meta.batchId === 'string' ? meta.batchId : undefined;
}

export const draftDecider: Decider<DraftState, DraftEvent, DraftCommand, LayoutContext | undefined> = {
  initialState: initialDraftState,
  evolve: evolveDraft,
  decide: (command, state, context) => decideDraft(command, state, context),
};
