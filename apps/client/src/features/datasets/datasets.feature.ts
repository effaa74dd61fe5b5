import type { DatasetEdit } from '@strata/domain';
import { createFeatureStore, type ClientContext, type FeatureStore } from '../../shared/feature-store';
import { hasStatus, toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import type { ToastsFeature } from '../toasts/toasts.feature';
import { datasetsApi, type DatasetsApi, type DatasetView, type NewDatasetBody } from './api/datasets-api';
import { datasetsFold, type DatasetsEvent, type DatasetsState } from './datasets.fold';
import { listQueryOf, type DatasetListFilters } from './list/dataset-list-url';

export interface DatasetsFeature {
  readonly store: FeatureStore<DatasetsState, DatasetsEvent>;
  readonly api: DatasetsApi;
  /** Reads the page of datasets these filters ask for (a newer call wins). */
  load(filters: DatasetListFilters): Promise<void>;
  /** Reads the dataset the editor shows. */
  open(id: number): Promise<void>;
  /** POST: the new dataset, or null when refused (the store holds the server's message). */
  create(body: NewDatasetBody): Promise<DatasetView | null>;
  /** PUT with the fields changed; true once saved (a refusal stays in the store, with the server's message). */
  save(id: number, body: DatasetEdit): Promise<boolean>;
  /** PUT /refresh: the columns re-read from the table or the query. */
  sync(id: number): Promise<void>;
  remove(id: number): Promise<boolean>;
}

/**
 * Loads and the server's answers may land while the page shows the past (feature-store `whilePast`);
 * `undoable: false` keeps the option a RecordOptions before that field existed too.
 */
const ANSWER = { whilePast: 'allowed', undoable: false } as const;

export function createDatasets(context: ClientContext, http: HttpClient, toasts: ToastsFeature): DatasetsFeature {
  const store = createFeatureStore<DatasetsState, DatasetsEvent>('datasets', datasetsFold, context);
  const api = datasetsApi(http);
  const message = (thrown: unknown) => toClientError(thrown).message;

  async function write(
    id: number,
    event: DatasetsEvent & { type: 'datasets/saveRequested' | 'datasets/syncRequested' },
    call: () => Promise<DatasetView>,
  ): Promise<boolean> {
    if (store.record([event]).length === 0) return false;
    try {
      store.record([{ type: 'datasets/datasetSaved', data: { dataset: await call() } }], ANSWER);
      return true;
    } catch (thrown) {
      store.record([{ type: 'datasets/writeRefused', data: { id, message: message(thrown) } }], ANSWER);
      return false;
    }
  }

  return {
    store,
    api,
    async load(filters) {
      const requestId = context.newId();
      store.record([{ type: 'datasets/listQueried', data: { requestId, filters } }], ANSWER);
      try {
        const { count, result } = await api.list(listQueryOf(filters));
        store.record([{ type: 'datasets/listLoaded', data: { requestId, count, rows: result } }], ANSWER);
      } catch (thrown) {
        store.record([{ type: 'datasets/listFailed', data: { requestId, message: message(thrown) } }], ANSWER);
      }
    },
    async open(id) {
      store.record([{ type: 'datasets/datasetQueried', data: { id } }], ANSWER);
      try {
        store.record([{ type: 'datasets/datasetLoaded', data: { dataset: await api.get(id) } }], ANSWER);
      } catch (thrown) {
        const text = hasStatus(thrown, 404) ? 'There is no such dataset, or you may not read it.' : message(thrown);
        store.record([{ type: 'datasets/datasetFailed', data: { id, message: text } }], ANSWER);
      }
    },
    async create(body) {
      if (store.record([{ type: 'datasets/createRequested', data: { table_name: body.table_name } }]).length === 0)
        return null;
      try {
        const dataset = await api.create(body);
        store.record([{ type: 'datasets/datasetSaved', data: { dataset } }], ANSWER);
        return dataset;
      } catch (thrown) {
        store.record([{ type: 'datasets/createRefused', data: { message: message(thrown) } }], ANSWER);
        return null;
      }
    },
    save: (id, body) => write(id, { type: 'datasets/saveRequested', data: { id } }, () => api.update(id, body)),
    async sync(id) {
      await write(id, { type: 'datasets/syncRequested', data: { id } }, () => api.refresh(id));
    },
    async remove(id) {
      if (store.record([{ type: 'datasets/deleteRequested', data: { id } }]).length === 0) return false;
      try {
        await api.remove(id);
        store.record([{ type: 'datasets/datasetDeleted', data: { id } }], ANSWER);
        return true;
      } catch (thrown) {
        toasts.danger(`Could not delete the dataset: ${message(thrown)}`);
        return false;
      }
    },
  };
}
