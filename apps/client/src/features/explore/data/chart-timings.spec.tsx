/**
 * Explore's chart timings reach the user log (sqllab-and-platform §7 timing events): a saved chart is
 * opened and drawn in jsdom against the test API; the log's transport records what would leave the page.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Subject } from 'rxjs';
import type { UserLogBody } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { createUserLog, type UserLog } from '../../userlog/user-log';
import { ExplorePage } from '../ExplorePage';
import { createExplore, type ExploreFeature } from '../explore.feature';
import { exploreTestApi } from '../testing/explore-test-api';

let api: Awaited<ReturnType<ReturnType<typeof exploreTestApi>['start']>>;
let toasts: ToastsFeature;
let explore: ExploreFeature;
let userLog: UserLog;
const pageHide$ = new Subject<void>();
let sent: { path: string; body: UserLogBody }[];

beforeEach(async () => {
  sent = [];
  api = await exploreTestApi().start();
  const context = createTestContext('1');
  toasts = createToasts(context);
  userLog = createUserLog({
    transport: {
      post: (path, body) => Promise.resolve(sent.push({ path, body })),
      beacon: (path, body) => sent.push({ path, body }) > 0,
    },
    pageHide$,
    impressionId: 'page-1',
    newId: context.newId,
    now: () => Date.now(),
    visibility: () => 'visible',
  });
  explore = createExplore({
    context,
    http: new HttpClient({ baseUrl: api.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    user: () => ({ id: 1, username: 'alpha', roles: { Alpha: [['can_write', 'Chart']] } }) as never,
    userLog,
  });
});

afterEach(async () => {
  explore.dispose();
  userLog.dispose();
  toasts.dispose();
  await api.stop();
});

describe('Explore chart timings (user log)', () => {
  it('a saved chart drawn logs load_chart and render_chart about that chart, with durations', async () => {
    api.charts.push({
      id: 1,
      slice_name: 'Cars by origin',
      viz_type: 'table',
      datasource_id: 1,
      datasource_type: 'table',
      params: JSON.stringify({ query_mode: 'aggregate', groupby: ['origin'], metrics: ['count'] }),
      owners: [{ id: 1 }],
      dashboards: [],
    });
    render(
      <MemoryRouter initialEntries={['/explore/?slice_id=1']}>
        <Routes>
          <Route path="/explore/" element={<ExplorePage explore={explore} userName="Alpha" />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('chart-status')).toHaveTextContent('Rendered'));
    pageHide$.next();

    // The chart rides in the URL.
    expect(new Set(sent.map((r) => r.path))).toEqual(new Set(['/strata/log/?explode=events&slice_id=1']));
    const events = sent.flatMap((r) => r.body.events);
    const about = { event_type: 'timing', source: 'chart', source_id: 1, slice_id: 1, target_name: 'Cars by origin' };
    expect(events.map((e) => e.event_name)).toEqual(['load_chart', 'render_chart']);
    expect(events[0]).toMatchObject({ ...about, duration: expect.any(Number), is_cached: expect.any(Boolean) });
    expect(events[1]).toMatchObject({ ...about, duration: expect.any(Number), viz_type: 'table' });
  });
});
