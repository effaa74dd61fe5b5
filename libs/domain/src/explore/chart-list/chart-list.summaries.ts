import { count, defineSummaries, quote } from '../../audit/summary';
import type { ChartListEvent, ChartListQueryState } from './chart-list.events';

const ORDER: Record<ChartListQueryState['orderColumn'], string> = {
  changed_on_delta_humanized: 'last change',
  slice_name: 'name',
  viz_type: 'chart type',
};

/** Chart names by id, as the list last showed them: a star names only the chart's id. */
export interface ChartListNames {
  chartNames: Readonly<Record<number, string>>;
}

function evolve(state: ChartListNames, event: ChartListEvent): ChartListNames {
  if (event.type !== 'chartList/loaded') return state;
  const loaded = Object.fromEntries(event.data.charts.map((c) => [c.id, c.slice_name]));
  return { chartNames: { ...state.chartNames, ...loaded } };
}

const chart = (id: number, before: ChartListNames | undefined) => {
  const name = before?.chartNames[id];
  return name === undefined ? `the chart #${id}` : `the chart ${quote(name)}`;
};

function listed({ search, ownerId, orderColumn, orderDirection }: ChartListQueryState): string {
  const matching = search ? ` matching ${quote(search)}` : '';
  const owner = ownerId === null ? '' : ` owned by user #${ownerId}`;
  const order = ORDER[orderColumn] ?? orderColumn;
  return `the charts${matching}${owner}, by ${order} (${orderDirection === 'asc' ? 'ascending' : 'descending'})`;
}

/** What the chart list page records, in the audit log's words (issue 13). */
export const chartListSummaries = defineSummaries<ChartListEvent, ChartListNames>({
  context: 'chart list',
  names: { initial: () => ({ chartNames: {} }), evolve },
  of: {
    'chartList/queried': (d, { who }) => `${who} listed ${listed(d.query)}`,
    'chartList/loaded': (d, { who }) => `the chart list showed ${who} ${count(d.count, 'chart')}`,
    'chartList/failed': (d, { who }) => `loading the chart list failed for ${who}: ${quote(d.message)}`,
    'chartList/chartFavorited': (d, { who, before }) => `${who} added ${chart(d.id, before)} to their favorites`,
    'chartList/chartUnfavorited': (d, { who, before }) => `${who} removed ${chart(d.id, before)} from their favorites`,
  },
});
