/**
 * The edit session of one dashboard: a draft shared by everyone in edit mode. Layout commands are
 * decided against the draft's layout; Save publishes it as version N+1, Discard returns to version N,
 * Restore makes an old version N+1. `evolve` reads nothing but the event, so every copy of the log
 * (server, each editor's browser) folds to the same draft, with undone batches skipped.
 */
import { DomainError, type Decider } from '@strata/events';
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
import type { DraftCommand, DraftEvent, DraftState, SessionEvent } from './draft.model';

export const DraftErrorCode = {
  NOT_STARTED: 'draft_not_started',
  ALREADY_STARTED: 'draft_already_started',
  VERSION_CONFLICT: 'draft_version_conflict',
  VERSION_UNKNOWN: 'draft_version_unknown',
  NOTHING_TO_SAVE: 'draft_nothing_to_save',
  LAYOUT_TOO_LARGE: 'draft_layout_too_large',
  INVALID_LAYOUT: 'draft_invalid_layout',
} as const;

export function initialDraftState(): DraftState {
  const layout = emptyLayout();
  return { dashboardId: null, version: 0, savedLayout: layout, layout, changes: [], versions: [] };
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
            changes: state.changes,
            authors: authorsOf(state.changes, command.actor),
            summary: summarizeChanges(state.changes),
          },
        },
      ];
    }
    case 'DiscardDraft':
      if (state.changes.length === 0) return [];
      return [
        { type: 'dashboard/draftDiscarded', data: { version: state.version, by: command.actor, at: command.data.at } },
      ];
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
      return { dashboardId, version, savedLayout: layout, layout, changes: [], versions: [info] };
    }
    case 'dashboard/draftSaved': {
      const { version, layout, by, at, changes, authors, summary } = event.data;
      if (version !== state.version + 1) return state;
      const info = { version, savedBy: by, savedAt: at, changes, authors, summary };
      return { ...state, version, savedLayout: layout, layout, changes: [], versions: [...state.versions, info] };
    }
    case 'dashboard/draftDiscarded':
      return event.data.version === state.version ? { ...state, layout: state.savedLayout, changes: [] } : state;
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
    return { ...state, layout, changes: [...state.changes, changeOf(event, state.layout)] };
  }
  return evolveSession(state, event);
}

export const draftDecider: Decider<DraftState, DraftEvent, DraftCommand, LayoutContext | undefined> = {
  initialState: initialDraftState,
  evolve: evolveDraft,
  decide: (command, state, context) => decideDraft(command, state, context),
};
