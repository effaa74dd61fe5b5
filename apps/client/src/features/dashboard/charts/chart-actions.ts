/**
 * A chart holder's menu actions that call the server or the browser (charts-dashboards-reports §9: view query, export CSV,
 * download image). The chart data request is the one the chart last ran, with another result type.
 */
import type { DashboardCore } from '../dashboard-core';
import { chartQueryContext, datasourceKeyOfChart } from './chart-query';
import { readableRows } from '../../charts/viz/format/result-rows';
import { saveFile } from '../../../shared/save-file';

function queryInputs(core: DashboardCore, chartId: number) {
  const state = core.store.getState();
  const chart = state.charts[chartId];
  const key = chart ? datasourceKeyOfChart(chart) : null;
  const datasource = key ? state.datasets[key] : undefined;
  const formData = state.chartStates[chartId]?.latestQueryFormData;
  if (!chart || !datasource || !formData || !state.dashboard) throw new Error('This chart has not been loaded yet.');
  return { chart, datasource, formData, dashboardId: state.dashboard.id };
}

/** The SQL the chart runs (result_type 'query'). */
export async function viewQuery(core: DashboardCore, chartId: number): Promise<string> {
  const { datasource, formData, dashboardId } = queryInputs(core, chartId);
  const result = await core.api.chartData(chartQueryContext(formData, datasource, { resultType: 'query' }), {
    sliceId: chartId,
    dashboardId,
    force: false,
  });
  return result.map((r) => String(r.query ?? r.error ?? '')).join(';\n\n');
}

/** The rows the chart's query answers (result_type 'results'), for "View results". */
export async function viewResults(
  core: DashboardCore,
  chartId: number,
): Promise<{ colnames: string[]; data: Record<string, unknown>[] }> {
  const { datasource, formData, dashboardId } = queryInputs(core, chartId);
  const [first] = await core.api.chartData(chartQueryContext(formData, datasource, { resultType: 'results' }), {
    sliceId: chartId,
    dashboardId,
    force: false,
  });
  const result = first as { colnames?: string[]; coltypes?: number[]; data?: Record<string, unknown>[] } | undefined;
  // Temporal values come as epoch ms: shown as date-times.
  return { colnames: result?.colnames ?? [], data: readableRows(result ?? {}) };
}

/** The chart's data as a file (charts-dashboards-reports §9 export csv/xlsx; needs can_csv). */
export async function downloadCsv(core: DashboardCore, chartId: number, format: 'csv' | 'xlsx' = 'csv'): Promise<void> {
  const { chart, datasource, formData } = queryInputs(core, chartId);
  const { blob } = await core.api.download(
    chartQueryContext(formData, datasource, { resultFormat: format }) as Record<string, unknown>,
    format,
  );
  saveFile(blob, `${fileName(chart.slice_name)}.${format}`);
}

/** What a downloaded picture leaves out: the chart menu (still open while it is drawn) and hover tooltips. */
const notInPicture = (node: Element) =>
  node.classList.contains('dashboard-chart__menu') || node.classList.contains('highcharts-tooltip');

/** The chart as drawn, as a PNG (html2canvas loads on first use: it is large and rarely needed). */
export async function downloadImage(element: HTMLElement, sliceName: string): Promise<void> {
  const { default: html2canvas } = await import('html2canvas');
  const canvas = await html2canvas(element, {
    backgroundColor: '#ffffff',
    logging: false,
    useCORS: true,
    ignoreElements: notInPicture,
    // html2canvas fills the card's 1px outline shadow as a grey sheet over most of the chart.
    onclone: (_document, clone) => void (clone.style.boxShadow = 'none'),
  });
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The browser could not draw this chart as an image.');
  saveFile(blob, `${fileName(sliceName)}-${new Date().toISOString().slice(0, 10)}.png`);
}

const fileName = (name: string) => name.replace(/[^\w.-]+/g, '_') || 'chart';
