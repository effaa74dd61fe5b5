import { toClientError } from '../../api/api-error';
import type { SqlLabCore } from '../sqllab.feature';

export interface DatasetActions {
  /**
   * charts-dashboards-reports §4 Dataset creation from a query: a virtual dataset of the run's SQL on its database and
   * schema, under `name`. Resolves to the new dataset's id, or null when the server refused (the
   * error is kept in the state and shown by the results pane).
   */
  createDataset(queryId: string, name: string): Promise<number | null>;
}

/** Where Explore opens a dataset made from a query (the Explore page reads these parameters). */
export function exploreUrl(datasetId: number): string {
  return `/explore/?datasource_type=table&datasource_id=${datasetId}`;
}

/** A default dataset name: the tab's name and the time, unique enough not to collide with the last one. */
export function defaultDatasetName(tabName: string | null, at: number): string {
  const stamp = new Date(at).toISOString().slice(0, 19).replace('T', ' ');
  return `${tabName?.trim() || 'Untitled query'} ${stamp}`;
}

export function datasetActions(core: SqlLabCore): DatasetActions {
  return {
    async createDataset(queryId, name) {
      const query = core.store.getState().queries[queryId];
      if (!query || !name.trim()) return null;
      core.execute({ type: 'StartDatasetCreation', data: {} }, { silent: true });
      try {
        const { id } = await core.api.createDataset({
          database: query.dbId,
          catalog: query.catalog,
          schema: query.schema,
          sql: query.sql,
          table_name: name.trim(),
          template_params: query.templateParams,
          is_managed_externally: false,
          external_url: null,
          columns: (query.results?.columns ?? []).map((c) => ({
            column_name: c.column_name ?? c.name ?? '',
            type: c.type ?? null,
            is_dttm: c.is_dttm ?? false,
          })),
        });
        core.execute(
          { type: 'RecordDatasetCreated', data: { id, name: name.trim() } },
          { silent: true, whilePast: 'allowed' },
        );
        return id;
      } catch (thrown) {
        core.execute(
          { type: 'RecordDatasetCreationFailure', data: { error: toClientError(thrown).message } },
          { silent: true, whilePast: 'allowed' },
        );
        return null;
      }
    },
  };
}
