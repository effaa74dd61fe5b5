// Highcharts with the modules the viz types need. The module files attach themselves to the
// Highcharts instance imported first (they read it from window._Highcharts), so the order matters.
import Highcharts from 'highcharts';
import 'highcharts/highcharts-more';
import 'highcharts/modules/heatmap';
import 'highcharts/modules/treemap';
import 'highcharts/modules/funnel';
import 'highcharts/modules/solid-gauge';
import 'highcharts/modules/boost';

export { Highcharts };
