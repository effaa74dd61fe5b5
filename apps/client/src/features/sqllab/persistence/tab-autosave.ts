import { changedQueryEditors, EditorErrorMessages, newTabStatePayload, tabStateUpdate } from '@strata/domain';
import type { SqlLabCore } from '../sqllab.feature';
import { statusOf as status } from '../../api/api-error';

/**
 * Saves the tabs edited since the last save (sqllab-and-platform §4 Persistence: 5 s after the last edit). A tab the
 * server no longer has is stored again under a new id rather than lost.
 */
export function tabAutosave(core: SqlLabCore): () => Promise<void> {
  const { api, toasts } = core;
  return async function save() {
    if (!core.showsOwnLog()) return;
    const at = core.now();
    const tabs = changedQueryEditors(core.store.getState()).filter((qe) => !qe.inLocalStorage && qe.loaded);
    if (tabs.length === 0) return;
    try {
      for (const tab of tabs) {
        const update = tabStateUpdate(tab);
        try {
          await api.saveTabState(tab.id, update);
        } catch (thrown) {
          // The server no longer has the tab (closed elsewhere, or its close undone here): the user
          // still has it open, so it is stored again under a new id rather than lost.
          if (status(thrown) === 404) {
            const remoteId = String(await api.createTabState(newTabStatePayload(tab)));
            core.execute(
              { type: 'RecordTabMigrated', data: { localId: tab.id, remoteId } },
              { silent: true, whilePast: 'allowed' },
            );
            continue;
          }
          // A latest query the server never stored (refused before it ran) must not block the rest.
          if (status(thrown) !== 400 || update.latest_query_id === null) throw thrown;
          const { latest_query_id: _dropped, ...rest } = update;
          await api.saveTabState(tab.id, rest);
        }
      }
      core.execute({ type: 'RecordEditorStateSaved', data: { at } }, { silent: true, whilePast: 'allowed' });
    } catch {
      toasts.warning(EditorErrorMessages.EDITOR_STATE_SAVE_FAILED, { noDuplicate: true });
    }
  };
}
