/**
 * Saving a tab as a saved query from the save dialog (sqllab-and-platform §2 Save, §7 saved queries), as
 * facts of the page: which tab's dialog is open, the description it loaded, a save under way and how it
 * ended. What the user types in the dialog stays in the form until they save. None of these is an undo
 * step (the saved query itself is the tab's `sqllab/tabSavedAsQuery`, recorded by the editor).
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';

export const SAVE_DIALOG_OPENED = 'sqllabSaveDialog/opened' as const;
export const SAVE_DIALOG_DESCRIPTION_LOADED = 'sqllabSaveDialog/descriptionLoaded' as const;
export const QUERY_SAVE_STARTED = 'sqllabSaveDialog/saveStarted' as const;
export const QUERY_SAVE_SUCCEEDED = 'sqllabSaveDialog/saveSucceeded' as const;
export const QUERY_SAVE_FAILED = 'sqllabSaveDialog/saveFailed' as const;
export const SAVE_DIALOG_CLOSED = 'sqllabSaveDialog/closed' as const;

export type SaveDialogEvent =
  /** `saved`: the tab is a saved query already, so the dialog offers Update and Save as new. */
  | EventLike<typeof SAVE_DIALOG_OPENED, { queryEditorId: string; name: string; saved: boolean }>
  | EventLike<typeof SAVE_DIALOG_DESCRIPTION_LOADED, { queryEditorId: string; description: string }>
  | EventLike<typeof QUERY_SAVE_STARTED, { queryEditorId: string; name: string; asNew: boolean }>
  | EventLike<typeof QUERY_SAVE_SUCCEEDED, { queryEditorId: string }>
  | EventLike<typeof QUERY_SAVE_FAILED, { queryEditorId: string }>
  | EventLike<typeof SAVE_DIALOG_CLOSED, Record<string, never>>;

export interface OpenSaveDialog {
  queryEditorId: string;
  /** The tab's name when the dialog opened: the name field starts with it. */
  name: string;
  saved: boolean;
  /** The saved query's description; null while it loads (a new save starts with ''). */
  description: string | null;
  saving: boolean;
}

export interface SaveDialogState {
  open: OpenSaveDialog | null;
}

const on = (state: SaveDialogState, queryEditorId: string, change: (open: OpenSaveDialog) => OpenSaveDialog) =>
  state.open?.queryEditorId === queryEditorId ? { open: change(state.open) } : state;

export const saveDialogFold = {
  initialState: (): SaveDialogState => ({ open: null }),
  evolve(state: SaveDialogState, event: SaveDialogEvent): SaveDialogState {
    switch (event.type) {
      case SAVE_DIALOG_OPENED: {
        const { queryEditorId, name, saved } = event.data;
        return { open: { queryEditorId, name, saved, description: saved ? null : '', saving: false } };
      }
      case SAVE_DIALOG_DESCRIPTION_LOADED:
        return on(state, event.data.queryEditorId, (open) => ({ ...open, description: event.data.description }));
      case QUERY_SAVE_STARTED:
        return on(state, event.data.queryEditorId, (open) => ({ ...open, saving: true }));
      case QUERY_SAVE_FAILED:
        return on(state, event.data.queryEditorId, (open) => ({ ...open, saving: false }));
      case QUERY_SAVE_SUCCEEDED:
        // Saved: the dialog's work is done.
        return state.open?.queryEditorId === event.data.queryEditorId ? { open: null } : state;
      case SAVE_DIALOG_CLOSED:
        return { open: null };
      default:
        return leaveUnchanged(event, state);
    }
  },
};
