import { newTabStatePayload, tabStateUpdate, type SqlLabState } from '@strata/domain';
import type { SqlLabCore } from '../sqllab.feature';
import { statusOf as status } from '../../api/api-error';

/**
 * Tabs, tables and runs the browser made while the server did not know them (local-only, or made
 * offline), moved to the server: each gets the server's id and the log records the move.
 */
export function tabMigration(core: SqlLabCore) {
  const { api } = core;

  async function migrateTab(localId: string) {
    const tab = core.tab(localId);
    if (!tab) return;
    const remoteId = String(await api.createTabState(newTabStatePayload(tab)));
    core.execute({ type: 'RecordTabMigrated', data: { localId, remoteId } }, { silent: true, whilePast: 'allowed' });
    // An edit made while the tab was being created is not in what was sent, and an autosave in the
    // meantime skipped the tab as local-only while counting its edits as stored: send it now.
    const now = core.tab(remoteId);
    if (now && now.updatedAt !== tab.updatedAt) await api.saveTabState(remoteId, tabStateUpdate(now));
  }

  async function migrateTablesAndQueries(state: SqlLabState) {
    for (const table of state.tables) {
      const tab = state.queryEditors.find((qe) => qe.id === table.queryEditorId);
      if (!table.inLocalStorage || !tab || tab.inLocalStorage) continue;
      const { isMetadataLoading: _l, isExtraMetadataLoading: _x, ...stored } = table;
      const remoteId = String(await api.addTableSchema({ ...stored, queryEditorId: Number(tab.id) }));
      core.execute(
        { type: 'RecordTableMigrated', data: { localId: table.id, remoteId } },
        { silent: true, whilePast: 'allowed' },
      );
    }
    for (const query of Object.values(state.queries)) {
      const tab = state.queryEditors.find((qe) => qe.id === query.sqlEditorId);
      if (!query.inLocalStorage || query.isDataPreview || !tab || tab.inLocalStorage) continue;
      try {
        await api.migrateQuery(tab.id, query.id);
      } catch (thrown) {
        if (status(thrown) !== 404 && status(thrown) !== 400) throw thrown;
        // The server never stored this run (refused before it started): nothing to move.
      }
      core.execute(
        { type: 'RecordQueryMigrated', data: { queryId: query.id } },
        { silent: true, whilePast: 'allowed' },
      );
    }
  }

  return { migrateTab, migrateTablesAndQueries };
}
