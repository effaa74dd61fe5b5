// Highcharts with the modules the viz types need. The module files attach themselves to the
// Highcharts instance imported first (they read it from window._Highcharts), so the order matters.
import Highcharts from 'highcharts';
import 'highcharts/highcharts-more';
import 'highcharts/modules/heatmap';
import 'highcharts/modules/treemap';
import 'highcharts/modules/funnel';
import 'highcharts/modules/solid-gauge';
import 'highcharts/modules/boost';
import { readPageUrlParams } from '@strata/domain';
import { skipUnneededMeasurements } from './draw-costs';

/**
 * A report page (charts-dashboards-reports §2, standalone=3) is drawn for a screenshot taken once every chart
 * says it rendered: charts must be drawn whole by then, not mid-animation (on a busy machine the growing
 * bars were caught half drawn). The renderer loads the page afresh, so its address decides once.
 */
export function drawWithoutAnimation(search: string): boolean {
  return readPageUrlParams(search).standalone === 3;
}

if (typeof window !== 'undefined' && drawWithoutAnimation(window.location.search)) {
  Highcharts.setOptions({ chart: { animation: false }, plotOptions: { series: { animation: false } } });
}

skipUnneededMeasurements(Highcharts);

export { Highcharts };
