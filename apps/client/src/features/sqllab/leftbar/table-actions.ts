import { EditorErrorMessages, sameTable, type TableEntry } from '@strata/domain';
import type { SqlLabCore } from '../sqllab.feature';
import type { RunActions } from '../runs/runs';

/** sqllab-and-platform §4: a data preview shows the first rows of a table. */
export const DATA_PREVIEW_LIMIT = 100;

export interface TableActions {
  /** Adds a table of the tab's schema to its left bar (expanded) and loads its columns. */
  addTable(tabId: string, name: string): void;
  toggleTable(tableId: string): void;
  removeTable(tableId: string): void;
  /** Runs SELECT * LIMIT 100 on the table as a data-preview query (replacing the previous one). */
  previewTable(tableId: string): void;
}

export function tableActions(core: SqlLabCore, runs: Pick<RunActions, 'start'>): TableActions {
  const entry = (id: string): TableEntry | undefined => core.store.getState().tables.find((t) => t.id === id);

  async function loadMetadata(table: TableEntry) {
    core.execute(
      { type: 'StartTableMetadataLoad', data: { tableId: table.id, extra: false } },
      { silent: true, whilePast: 'allowed' },
    );
    const metadata = await core.catalog.ensureMetadata(table.dbId, table.schema, table.name);
    if (!entry(table.id)) return; // removed meanwhile
    if (metadata === null) {
      core.execute(
        { type: 'RecordTableMetadataFailure', data: { tableId: table.id, extra: false } },
        { silent: true, whilePast: 'allowed' },
      );
      return;
    }
    void loadExtra(table, metadata.comment ?? null);
    core.execute(
      {
        type: 'RecordTableMetadata',
        data: {
          tableId: table.id,
          columns: metadata.columns.map((c) => ({
            name: c.name,
            type: c.type,
            ...(c.keys ? { keys: c.keys } : {}),
            comment: c.comment ?? null,
          })),
          selectStar: metadata.selectStar,
          primaryKey: metadata.primaryKey ?? null,
          foreignKeys: metadata.foreignKeys ?? [],
          indexes: metadata.indexes ?? [],
        },
      },
      { silent: true, whilePast: 'allowed' },
    );
  }

  /** The extras and the table's comment, kept with the entry (sqllab-and-platform §3 Table entry: extra metadata). */
  async function loadExtra(table: TableEntry, comment: string | null) {
    core.execute(
      { type: 'StartTableMetadataLoad', data: { tableId: table.id, extra: true } },
      { silent: true, whilePast: 'allowed' },
    );
    try {
      const extra = await core.api.tableMetadataExtra(table.dbId, table.schema, table.name);
      if (!entry(table.id)) return;
      core.execute(
        { type: 'RecordTableExtraMetadata', data: { tableId: table.id, metadata: { ...extra, comment } } },
        { silent: true, whilePast: 'allowed' },
      );
    } catch {
      if (!entry(table.id)) return;
      core.execute(
        { type: 'RecordTableMetadataFailure', data: { tableId: table.id, extra: true } },
        { silent: true, whilePast: 'allowed' },
      );
      core.toasts.danger(EditorErrorMessages.TABLE_METADATA_FETCH_FAILED, { noDuplicate: true });
    }
  }

  return {
    addTable(tabId, name) {
      const tab = core.tab(tabId);
      if (!tab || tab.dbId === null || !tab.schema) return;
      const ref = {
        id: core.context.newId(),
        dbId: tab.dbId,
        queryEditorId: tab.id,
        catalog: tab.catalog,
        schema: tab.schema,
        name,
      };
      if (!core.execute({ type: 'AddTable', data: { table: ref } })) return;
      const added = core.store.getState().tables.find((t) => sameTable(t, ref));
      if (added && !added.initialized && !added.isMetadataLoading) void loadMetadata(added);
    },
    toggleTable(tableId) {
      const table = entry(tableId);
      if (!table) return;
      core.execute({ type: table.expanded ? 'CollapseTable' : 'ExpandTable', data: { tableId } });
      if (!table.expanded && table.columns.length === 0 && !table.isMetadataLoading) void loadMetadata(table);
    },
    removeTable(tableId) {
      core.execute({ type: 'RemoveTable', data: { tableId } });
    },
    previewTable(tableId) {
      const table = entry(tableId);
      if (!table || !table.selectStar) return;
      const queryId = runs.start(
        {
          dbId: table.dbId,
          sql: table.selectStar,
          sqlEditorId: null,
          tab: table.name,
          catalog: table.catalog,
          schema: table.schema,
          queryLimit: DATA_PREVIEW_LIMIT,
          isDataPreview: true,
        },
        // The previous preview is replaced when it is still known (a reload may have dropped it).
        table.dataPreviewQueryId && core.store.getState().queries[table.dataPreviewQueryId]
          ? table.dataPreviewQueryId
          : undefined,
      );
      if (queryId === null) return;
      core.execute({ type: 'SetTableDataPreview', data: { tableId, queryId } }, { silent: true });
      core.execute({ type: 'SelectSouthPaneTab', data: { tab: queryId } }, { silent: true });
    },
  };
}
