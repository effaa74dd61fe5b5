import {
  QUERY_SAVE_FAILED,
  QUERY_SAVE_STARTED,
  QUERY_SAVE_SUCCEEDED,
  SAVE_DIALOG_CLOSED,
  SAVE_DIALOG_DESCRIPTION_LOADED,
  SAVE_DIALOG_OPENED,
  saveDialogFold,
  type SaveDialogEvent,
  type SaveDialogState,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import type { EditorActions, SaveOptions } from './editor-actions';

export interface SaveDialogFeature {
  readonly store: FeatureStore<SaveDialogState, SaveDialogEvent>;
  /** Opens the dialog on a tab; a saved query's description is loaded into it. */
  open(tab: { id: string; name: string; remoteId: number | null }): void;
  close(): void;
  /** Saves (or updates) the tab's query with what the form holds; the dialog closes once it is saved. */
  save(options: SaveOptions): Promise<boolean>;
}

/**
 * The save dialog's effects (sqllab-and-platform §2 Save): opening, the description it loads, the save
 * and how it ended are recorded in the page's log, so time travel and exported logs show them.
 */
export function createSaveDialog(
  context: ClientContext,
  editor: Pick<EditorActions, 'save' | 'savedDescription'>,
): SaveDialogFeature {
  const store = createFeatureStore<SaveDialogState, SaveDialogEvent>('sqllabSaveDialog', saveDialogFold, context);
  const record = (event: SaveDialogEvent) => store.record([event]);
  /** The server's answers: they may land while the page shows the past. */
  const fact = (event: SaveDialogEvent) => store.record([event], MAY_LAND_IN_PAST);
  return {
    store,
    open(tab) {
      const saved = tab.remoteId !== null;
      record({ type: SAVE_DIALOG_OPENED, data: { queryEditorId: tab.id, name: tab.name, saved } });
      if (!saved) return;
      void editor.savedDescription(tab.id).then((description) => {
        fact({ type: SAVE_DIALOG_DESCRIPTION_LOADED, data: { queryEditorId: tab.id, description } });
      });
    },
    close: () => void record({ type: SAVE_DIALOG_CLOSED, data: {} }),
    async save(options) {
      const open = store.getState().open;
      if (!open || open.saving) return false;
      const queryEditorId = open.queryEditorId;
      const started = record({
        type: QUERY_SAVE_STARTED,
        data: { queryEditorId, name: options.name ?? open.name, asNew: !!options.asNew },
      });
      // Refused while the page shows the past: nothing is sent then.
      if (started.length === 0) return false;
      const saved = await editor.save(queryEditorId, options);
      fact({ type: saved ? QUERY_SAVE_SUCCEEDED : QUERY_SAVE_FAILED, data: { queryEditorId } });
      return saved;
    },
  };
}
