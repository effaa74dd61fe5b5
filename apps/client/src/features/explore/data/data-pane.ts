import { distinctUntilChanged, map, skip, type Subscription } from 'rxjs';
import type { DataPaneResult, DataTab, FormData } from '@strata/domain';
import { toClientError } from '../../api/api-error';
import type { ExploreCore } from '../explore.feature';
import { readableRows } from '../../charts/viz/format/result-rows';
import { chartDataRequest } from './chart-request';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';
import { saveFile } from '../../../shared/save-file';

export interface DataPaneActions {
  /** View results, samples (paged) or the query (charts-dashboards-reports §9 menu actions). */
  openDataTab(tab: DataTab, page?: number): Promise<void>;
  closeDataPane(): void;
  /**
   * Issue 16: an open 'View results' or 'View query' is loaded again whenever the chart runs another
   * query (a viz switch, Update chart), so it always shows what the chart shows. Samples do not follow.
   */
  followChart(): Subscription;
  /** The chart's data as a file (needs can_csv, charts-dashboards-reports §6). */
  download(format: 'csv' | 'xlsx'): Promise<void>;
}

const SAMPLES_PAGE_SIZE = 100;

export function dataPaneActions(core: ExploreCore): DataPaneActions {
  // What the chart shows, or, before any query, what the controls say.
  const shownFormData = (): FormData =>
    core.store.getState().chart.latestQueryFormData ?? core.store.getState().formData;

  async function load(tab: DataTab, page: number): Promise<DataPaneResult> {
    const datasource = core.store.getState().datasource;
    if (!datasource) throw new Error('Pick a dataset first.');
    if (tab === 'samples') {
      const r = await core.api.samples(datasource, page, SAMPLES_PAGE_SIZE);
      return {
        colnames: r.colnames ?? [],
        data: readableRows(r),
        rowcount: r.rowcount ?? r.data?.length ?? 0,
        page,
        totalCount: r.total_count,
      };
    }
    const results = await core.api.chartData(
      chartDataRequest(shownFormData(), datasource, { resultType: tab === 'query' ? 'query' : 'results' }),
    );
    const first = results[0] ?? {};
    if (tab === 'query')
      return {
        colnames: [],
        data: [],
        rowcount: 0,
        query: results.map((r) => r.query ?? '').join(';\n\n'),
        language: first.language ?? 'sql',
      };
    return {
      colnames: first.colnames ?? [],
      // Temporal values come as epoch ms: shown as date-times.
      data: readableRows(first),
      rowcount: first.rowcount ?? first.data?.length ?? 0,
    };
  }

  const actions: DataPaneActions = {
    async openDataTab(tab, page = 1) {
      const requestId = core.context.newId();
      core.side.record([{ type: 'exploreSide/dataTabOpened', data: { tab, requestId } }]);
      try {
        core.side.record(
          [{ type: 'exploreSide/dataLoaded', data: { requestId, result: await load(tab, page) } }],
          MAY_LAND_IN_PAST,
        );
      } catch (error) {
        core.side.record(
          [{ type: 'exploreSide/dataFailed', data: { requestId, message: toClientError(error).message } }],
          MAY_LAND_IN_PAST,
        );
      }
    },
    closeDataPane: () => void core.side.record([{ type: 'exploreSide/dataPaneClosed', data: {} }]),
    followChart: () =>
      core.store.state$
        .pipe(
          map((s) => s.chart.queryId),
          distinctUntilChanged(),
          skip(1),
        )
        .subscribe(() => {
          const { tab } = core.side.getState().dataPane;
          if (tab === 'results' || tab === 'query') void actions.openDataTab(tab);
        }),
    async download(format) {
      const { datasource, sliceName } = core.store.getState();
      if (!datasource) return;
      try {
        const { blob, filename } = await core.api.download(chartDataRequest(shownFormData(), datasource, {}), format);
        saveFile(blob, sliceName ? `${sliceName.replace(/[^\w.-]+/g, '_')}.${format}` : filename);
      } catch (error) {
        core.errors.show(toClientError(error), `Could not download ${format.toUpperCase()}`);
      }
    },
  };
  return actions;
}
