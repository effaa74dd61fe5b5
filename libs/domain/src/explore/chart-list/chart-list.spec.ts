import { envelopeBatch, EventLog, type EventLike } from '@strata/events';
import { upcastEvents } from '../../upcasters';
import type { ChartListEvent, ChartRecord } from './chart-list.events';
import { chartListFold } from './chart-list.fold';

const chart = (id: number): ChartRecord => ({
  id,
  slice_name: `Chart ${id}`,
  viz_type: 'pie',
  params: '{}',
  datasource_id: 1,
  datasource_type: 'table',
});
const query = { search: '', ownerId: null, orderColumn: 'slice_name', orderDirection: 'asc' } as const;
const listed: ChartListEvent[] = [
  { type: 'chartList/queried', data: { requestId: 'r1', query } },
  {
    type: 'chartList/loaded',
    data: { requestId: 'r1', charts: [chart(1), chart(2)], count: 2, favorites: { 1: true } },
  },
];

/** Reads events as a stored or imported log is read: upcast, then folded. */
const foldAsRead = (events: readonly EventLike[]) =>
  EventLog.from(
    chartListFold,
    upcastEvents(
      events.map(
        (e, n) =>
          envelopeBatch(
            [e],
            { actor: '1', at: '2026-01-01T00:00:00Z', batchId: `b${n}` },
            {
              stream: 'chart-list',
              version: n + 1,
            },
          )[0]!,
      ),
    ),
  ).state;

describe('chart list (charts-dashboards-reports §7)', () => {
  it("only the latest query's answer is shown: an older answer arriving late changes nothing", () => {
    const state = foldAsRead([
      ...listed,
      { type: 'chartList/queried', data: { requestId: 'r2', query: { ...query, search: 'x' } } },
      { type: 'chartList/loaded', data: { requestId: 'r1', charts: [], count: 0, favorites: {} } },
    ]);
    expect(state).toMatchObject({ requestId: 'r2', loading: true, count: 2, query: { search: 'x' } });
  });

  it('favouriting and unfavouriting a chart set its star', () => {
    const state = foldAsRead([
      ...listed,
      { type: 'chartList/chartFavorited', data: { id: 2 } },
      { type: 'chartList/chartUnfavorited', data: { id: 1 } },
    ]);
    expect(state.favorites).toEqual({ 1: false, 2: true });
  });

  it('a failure of the latest query is shown', () => {
    const state = foldAsRead([
      { type: 'chartList/queried', data: { requestId: 'r1', query } },
      { type: 'chartList/failed', data: { requestId: 'r1', message: 'boom' } },
    ]);
    expect(state).toMatchObject({ loading: false, error: 'boom' });
  });
});

describe('chart list upcasters: a log written before the star setter was split', () => {
  it('reads starToggled {isStarred: true} as chartFavorited and folds to the same favourites', () => {
    const old = foldAsRead([...listed, { type: 'chartList/starToggled', data: { id: 2, isStarred: true } }]);
    const today = foldAsRead([...listed, { type: 'chartList/chartFavorited', data: { id: 2 } }]);
    expect(old).toEqual(today);
    expect(old.favorites).toEqual({ 1: true, 2: true });
  });

  it('reads starToggled {isStarred: false} as chartUnfavorited and folds to the same favourites', () => {
    const old = foldAsRead([...listed, { type: 'chartList/starToggled', data: { id: 1, isStarred: false } }]);
    const today = foldAsRead([...listed, { type: 'chartList/chartUnfavorited', data: { id: 1 } }]);
    expect(old).toEqual(today);
    expect(old.favorites).toEqual({ 1: false });
  });

  it('keeps the envelope of the old event (id, stream, version, meta)', () => {
    const [event] = upcastEvents(
      envelopeBatch(
        [{ type: 'chartList/starToggled', data: { id: 3, isStarred: true } }],
        { actor: '1', at: '2026-01-01T00:00:00Z', batchId: 'b' },
        { stream: 'chart-list', version: 7 },
      ),
    );
    expect(event).toEqual({
      id: 'b:0',
      stream: 'chart-list',
      version: 7,
      type: 'chartList/chartFavorited',
      data: { id: 3 },
      meta: { actor: '1', at: '2026-01-01T00:00:00Z', batchId: 'b' },
    });
  });
});
