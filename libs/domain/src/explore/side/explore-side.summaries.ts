import { count, defineSummaries, quote } from '../../audit/summary';
import type { DataTab, ExploreSideEvent } from './explore-side.events';
import { exploreSideFold, type ExploreSideState } from './explore-side.fold';

const TAB: Record<DataTab, string> = { results: 'the results', samples: 'the samples', query: 'the query' };

/** What the data pane was loading, from the side fold (its answers carry only a request id). */
const loading = (before: ExploreSideState | undefined) => {
  const tab = before?.dataPane.tab;
  return tab ? `${TAB[tab]} in the data pane` : 'the data pane';
};

/**
 * What Explore's side panels (dataset picker, data pane, save dialog) record, in the audit log's words
 * (issue 13). View facts and server answers: nothing here changes a chart.
 */
export const exploreSideSummaries = defineSummaries<ExploreSideEvent, ExploreSideState>({
  context: 'explore side panels',
  names: { initial: exploreSideFold.initialState, evolve: exploreSideFold.evolve },
  of: {
    'exploreSide/openStarted': (_d, { who }) => `${who} started opening a chart in Explore`,
    'exploreSide/openFinished': (_d, { who }) => `Explore finished opening for ${who}`,
    'exploreSide/pastViewOpened': (d, { who }) =>
      `${who} looked at the chart as it was ${/^\d+$/.test(d.asOf) ? `at log position ${d.asOf}` : `on ${d.asOf}`}` +
      (d.queries ? '' : ' without running its query'),
    'exploreSide/datasetsRequested': (d, { who }) =>
      d.search ? `${who} searched the datasets for ${quote(d.search)}` : `${who} asked for the list of datasets`,
    'exploreSide/datasetsLoaded': (d, { who }) =>
      `${who} got ${count(d.items.length, 'dataset')}${d.search ? ` matching ${quote(d.search)}` : ''}`,
    'exploreSide/datasetsFailed': (d, { who }) => `loading the datasets failed for ${who}: ${quote(d.message)}`,
    'exploreSide/dataTabOpened': (d, { who }) => `${who} opened ${TAB[d.tab] ?? 'a tab'} in the data pane`,
    'exploreSide/dataLoaded': (d, { who, before }) =>
      `${loading(before)} showed ${count(d.result.rowcount ?? d.result.data.length, 'row')} to ${who}`,
    'exploreSide/dataFailed': (d, { who, before }) =>
      `loading ${loading(before)} failed for ${who}: ${quote(d.message)}`,
    'exploreSide/dataPaneClosed': (_d, { who }) => `${who} closed the data pane`,
    'exploreSide/saveModalOpened': (_d, { who }) => `${who} opened the save dialog`,
    'exploreSide/dashboardsLoaded': (d, { who }) =>
      `the save dialog offered ${who} ${count(d.dashboards.length, 'dashboard')} to add the chart to`,
    'exploreSide/saveModalAlerted': (d, { who }) => `the save dialog warned ${who}: ${quote(d.message)}`,
    'exploreSide/saveStarted': (_d, { who }) => `${who} started saving the chart`,
    'exploreSide/saveModalClosed': (_d, { who }) => `${who} closed the save dialog`,
  },
});
