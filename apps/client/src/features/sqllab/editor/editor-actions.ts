import {
  EditorErrorMessages,
  ErrorMessages,
  estimatePayload,
  parseDatasourceKey,
  savedQueryPayload,
  savedQueryToTabFields,
} from '@strata/domain';
import { copyToClipboard } from '../../errors/clipboard';
import { toClientError as toError } from '../../api/api-error';
import type { SqlLabCore } from '../sqllab.feature';
import { absoluteUrl } from '../../../shared/absolute-url';

export interface EditorActions {
  /** A new database for the tab; its schema is reset and then defaulted once the schemas are known. */
  selectDatabase(tabId: string, dbId: number | null, options?: { undoable?: boolean }): void;
  refreshCatalog(tabId: string): void;
  format(tabId: string): Promise<void>;
  estimate(tabId: string): Promise<void>;
  /**
   * Saves the tab as a saved query (under the name and description given, else the tab's name), or
   * updates the saved query it came from unless `asNew`. Resolves to whether it was saved.
   */
  save(tabId: string, options?: SaveOptions): Promise<boolean>;
  /** The description of the tab's saved query, for the save dialog ('' when none or unreadable). */
  savedDescription(tabId: string): Promise<string>;
  /** Opens a saved query in a new tab (sqllab-and-platform §2: SQL Lab opened from a saved query). */
  openSavedQuery(id: number): Promise<void>;
  /** Opens a past run (its client id) in a new tab: its SQL, database, catalog and schema (`?queryId=`). */
  openPastQuery(id: string): Promise<void>;
  /** Stores the tab as a permalink and copies its address (`origin` + the server's path). */
  copyPermalink(tabId: string, origin: string): Promise<void>;
  /** Opens a permalink's query in a new tab (sqllab-and-platform §2: SQL Lab opened from a permalink). */
  openPermalink(key: string): Promise<void>;
  /**
   * Opens a new tab on a dataset's database and schema (sqllab-and-platform §2): with the SQL given (a chart's query),
   * else the dataset's own SQL (virtual) or a SELECT of its table.
   */
  openOnDataset(datasourceKey: string, sql?: string): Promise<void>;
}

export interface SaveOptions {
  name?: string;
  description?: string;
  asNew?: boolean;
}

/** The schema a database opens on: 'public' or the database's own name when there is one, else the first. */
export function defaultSchema(schemas: readonly string[]): string | null {
  return (
    schemas.find((s) => s === 'public') ??
    schemas.find((s) => !/^(information_schema|pg_catalog|mysql|performance_schema|sys)$/i.test(s)) ??
    schemas[0] ??
    null
  );
}

export function editorActions(core: SqlLabCore): EditorActions {
  const { api, catalog, toasts } = core;

  async function pickDefaultSchema(tabId: string, dbId: number) {
    await catalog.ensureSchemas(dbId);
    const tab = core.tab(tabId);
    const schemas = catalog.store.getState().schemas[String(dbId)];
    if (!tab || tab.dbId !== dbId || tab.schema !== null || !schemas) return;
    const schema = defaultSchema(schemas);
    // Follows from the database choice: not a separate undo step.
    if (schema)
      core.execute({ type: 'SetSchema', data: { queryEditorId: tabId, schema, at: core.now() } }, { undoable: false });
  }

  return {
    selectDatabase(tabId, dbId, options = {}) {
      const at = core.now();
      if (!core.execute({ type: 'SetDatabase', data: { queryEditorId: tabId, dbId, at } }, options)) return;
      core.execute({ type: 'SetSchema', data: { queryEditorId: tabId, schema: null, at } }, { undoable: false });
      if (dbId !== null) void pickDefaultSchema(tabId, dbId);
    },
    refreshCatalog(tabId) {
      const tab = core.tab(tabId);
      if (!tab || tab.dbId === null) return;
      void catalog.ensureSchemas(tab.dbId, true);
      if (tab.schema) void catalog.ensureTables(tab.dbId, tab.schema, true);
    },
    async format(tabId) {
      core.flushSql();
      const tab = core.tab(tabId);
      if (!tab || tab.sql.trim() === '') return;
      try {
        const formatted = await api.formatSql(tab.sql, tab.dbId ?? undefined);
        if (formatted !== tab.sql)
          core.execute({ type: 'SetSql', data: { queryEditorId: tabId, sql: formatted, at: core.now() } });
      } catch (thrown) {
        core.errors.show(toError(thrown), 'Could not format the SQL');
      }
    },
    async estimate(tabId) {
      core.flushSql();
      const tab = core.tab(tabId);
      const payload = tab ? estimatePayload(tab) : null;
      if (!payload) return;
      core.execute({ type: 'StartCostEstimate', data: { queryEditorId: tabId } }, { silent: true });
      try {
        const cost = await api.estimate(payload);
        core.execute(
          { type: 'RecordCostEstimate', data: { queryEditorId: tabId, cost } },
          { silent: true, whilePast: 'allowed' },
        );
      } catch (thrown) {
        core.execute(
          { type: 'RecordCostEstimateFailure', data: { queryEditorId: tabId, error: toError(thrown).message } },
          { silent: true, whilePast: 'allowed' },
        );
      }
    },
    async save(tabId, options = {}) {
      core.flushSql();
      const tab = core.tab(tabId);
      if (!tab || tab.dbId === null) return false;
      const label = options.name?.trim() || tab.name;
      const body = {
        ...savedQueryPayload(tab),
        label,
        ...(options.description !== undefined ? { description: options.description } : {}),
      };
      const update = tab.remoteId !== null && !options.asNew;
      let remoteId: number;
      try {
        const answer = update ? await api.updateSavedQuery(tab.remoteId!, body) : await api.createSavedQuery(body);
        remoteId = answer.id;
        core.execute({
          type: 'SaveAsSavedQuery',
          data: { queryEditorId: tabId, remoteId, name: answer.result?.label ?? label, at: core.now() },
        });
      } catch {
        toasts.danger(update ? EditorErrorMessages.QUERY_NOT_UPDATED : EditorErrorMessages.QUERY_NOT_SAVED);
        return false;
      }
      // sqllab-and-platform §7: a tab the server keeps is told which saved query it is; failing that, the saved
      // query exists but the tab will not know it after a reload.
      const stored = core.tab(tabId);
      if (stored && !stored.inLocalStorage && /^\d+$/.test(stored.id)) {
        try {
          await api.saveTabState(stored.id, { saved_query_id: remoteId });
        } catch {
          toasts.danger(EditorErrorMessages.QUERY_NOT_PROPERLY_SAVED);
          return true;
        }
      }
      toasts.success(update ? 'Your query was updated' : 'Your query was saved');
      return true;
    },
    async savedDescription(tabId) {
      const tab = core.tab(tabId);
      if (!tab?.remoteId) return '';
      try {
        return (await api.savedQuery(tab.remoteId)).description ?? '';
      } catch {
        return '';
      }
    },
    async copyPermalink(tabId, origin) {
      core.flushSql();
      const tab = core.tab(tabId);
      if (!tab || tab.dbId === null) return;
      try {
        const { url } = await api.createPermalink({
          dbId: tab.dbId,
          sql: tab.sql,
          name: tab.name,
          schema: tab.schema,
          catalog: tab.catalog,
          templateParams: tab.templateParams,
        });
        const link = absoluteUrl(url, origin);
        const copied = await copyToClipboard(link);
        if (copied) toasts.success(ErrorMessages.COPIED_TO_CLIPBOARD);
        else toasts.warning(`${ErrorMessages.COPY_NOT_SUPPORTED} ${link}`);
      } catch (thrown) {
        core.errors.show(toError(thrown), 'Could not create a link to this query');
      }
    },
    async openPermalink(key) {
      try {
        const state = await api.permalink(key);
        core.execute({
          type: 'AddTab',
          data: {
            id: core.context.newId(),
            at: core.now(),
            name: state.name ?? undefined,
            sql: state.sql,
            dbId: state.dbId,
            schema: state.schema ?? null,
            catalog: state.catalog ?? null,
            templateParams: state.templateParams ?? null,
          },
        });
      } catch {
        toasts.danger(EditorErrorMessages.QUERY_NOT_LOADED);
      }
    },
    async openOnDataset(datasourceKey, sql) {
      const id = parseDatasourceKey(datasourceKey)?.id;
      try {
        if (id === undefined) throw new Error(`not a datasource key: ${datasourceKey}`);
        const dataset = await api.dataset(id);
        const table = dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name;
        core.execute({
          type: 'AddTab',
          data: {
            id: core.context.newId(),
            at: core.now(),
            sql: sql ?? dataset.sql ?? `SELECT * FROM ${table}`,
            dbId: dataset.database.id,
            schema: dataset.schema,
            catalog: dataset.catalog ?? null,
          },
        });
      } catch {
        toasts.danger(EditorErrorMessages.QUERY_NOT_LOADED);
      }
    },
    async openPastQuery(id) {
      try {
        const past = await api.query(id);
        core.execute({
          type: 'AddTab',
          data: {
            id: core.context.newId(),
            at: core.now(),
            sql: past.sql,
            dbId: past.dbId,
            schema: past.schema ?? null,
            catalog: past.catalog ?? null,
          },
        });
      } catch {
        toasts.danger(EditorErrorMessages.QUERY_NOT_LOADED);
      }
    },
    async openSavedQuery(id) {
      try {
        const saved = await api.savedQuery(id);
        core.execute({
          type: 'AddTab',
          data: { id: core.context.newId(), at: core.now(), ...savedQueryToTabFields(saved) },
        });
      } catch {
        toasts.danger(EditorErrorMessages.QUERY_NOT_LOADED);
      }
    },
  };
}
