import {
  buildQueryContext,
  DRILL_BY_COLUMN_CHOSEN,
  DRILL_BY_FAILED,
  DRILL_BY_LOADED,
  DRILL_BY_OPENED,
  DRILL_CLOSED,
  DRILL_DETAIL_FAILED,
  DRILL_DETAIL_OPENED,
  DRILL_DETAIL_PAGE_LOADED,
  DRILL_DETAIL_PAGE_REQUESTED,
  DRILL_DETAIL_PAGE_SIZE,
  drillByFormData,
  drillDetailRequest,
  drillFold,
  parseDatasourceKey,
  type DrillEvent,
  type DrillFilter,
  type DrillState,
  type DrillTarget,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import { drillApi, type DrillApi } from './drill-api';
import { saveFile } from '../../shared/save-file';

/** Most rows a drilled file holds (the server caps drill_detail at its samples limit). */
export const DRILL_FILE_ROW_LIMIT = 1000;

export interface DrillFeature {
  readonly store: FeatureStore<DrillState, DrillEvent>;
  readonly api: DrillApi;
  /** Drill to detail: the rows behind the chart (`filters` empty) or behind one of its points. */
  openDetail(target: DrillTarget, filters: readonly DrillFilter[], label: string | null): void;
  turnPage(page: number): void;
  /**
   * Drill by: the chart re-grouped by `column` (one of `columns`, offered again in the modal), filtered to
   * the point; one gesture, one batch.
   */
  openBy(
    target: DrillTarget,
    filters: readonly DrillFilter[],
    label: string | null,
    columns: readonly string[],
    column: string,
  ): void;
  chooseColumn(column: string): void;
  close(): void;
  /** The rows of the open detail modal as a file (can_csv). */
  download(format: 'csv' | 'xlsx'): Promise<void>;
}

export function createDrill(options: { context: ClientContext; http: HttpClient; api?: DrillApi }): DrillFeature {
  const api = options.api ?? drillApi(options.http);
  const store = createFeatureStore<DrillState, DrillEvent>('drill', drillFold, options.context);
  const message = (thrown: unknown) => toClientError(thrown).message;

  const loadPage = async () => {
    const modal = store.getState().modal;
    if (modal?.kind !== 'detail') return;
    const { target, filters, page } = modal;
    const request = drillDetailRequest(target.formData, target.datasource, filters, page, DRILL_DETAIL_PAGE_SIZE);
    try {
      if (!request) throw new Error(`This chart has no dataset to drill into (${target.datasource}).`);
      const rows = await api.rows(request);
      store.record([{ type: DRILL_DETAIL_PAGE_LOADED, data: { page, ...rows } }], MAY_LAND_IN_PAST);
    } catch (thrown) {
      store.record([{ type: DRILL_DETAIL_FAILED, data: { page, message: message(thrown) } }], MAY_LAND_IN_PAST);
    }
  };

  const loadBy = async () => {
    const modal = store.getState().modal;
    if (modal?.kind !== 'by' || !modal.column) return;
    const { target, filters, column } = modal;
    const key = parseDatasourceKey(target.datasource);
    try {
      if (!key) throw new Error(`This chart has no dataset to drill into (${target.datasource}).`);
      const formData = drillByFormData(target.formData, column, filters);
      const context = { ...buildQueryContext(formData, { id: key.id, type: key.type }), form_data: formData };
      const result = await api.chartData(context);
      store.record([{ type: DRILL_BY_LOADED, data: { column, result } }], MAY_LAND_IN_PAST);
    } catch (thrown) {
      store.record([{ type: DRILL_BY_FAILED, data: { column, message: message(thrown) } }], MAY_LAND_IN_PAST);
    }
  };

  // An intent refused because the page shows the past (time travel) records nothing and calls nothing.
  const then = (recorded: unknown[], load: () => Promise<void>) => {
    if (recorded.length > 0) void load();
  };

  return {
    store,
    api,
    openDetail: (target, filters, label) =>
      then(store.record([{ type: DRILL_DETAIL_OPENED, data: { target, filters, label } }]), loadPage),
    turnPage: (page) => then(store.record([{ type: DRILL_DETAIL_PAGE_REQUESTED, data: { page } }]), loadPage),
    openBy: (target, filters, label, columns, column) =>
      then(
        store.record([
          { type: DRILL_BY_OPENED, data: { target, filters, label, columns } },
          { type: DRILL_BY_COLUMN_CHOSEN, data: { column } },
        ]),
        loadBy,
      ),
    chooseColumn: (column) => then(store.record([{ type: DRILL_BY_COLUMN_CHOSEN, data: { column } }]), loadBy),
    close: () => void store.record([{ type: DRILL_CLOSED, data: {} }]),
    async download(format) {
      const modal = store.getState().modal;
      if (modal?.kind !== 'detail') return;
      const { target, filters } = modal;
      const request = drillDetailRequest(target.formData, target.datasource, filters, 1, DRILL_FILE_ROW_LIMIT);
      if (!request) return;
      const { datasource_id: id, datasource_type: type } = request.params;
      const { blob, filename } = await api.download(
        { datasource: { id, type }, queries: [{ ...request.body, row_limit: DRILL_FILE_ROW_LIMIT }] },
        format,
      );
      saveFile(blob, filename);
    },
  };
}
