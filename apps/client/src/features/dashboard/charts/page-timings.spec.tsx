/**
 * The dashboard page's timings reach the user log (sqllab-and-platform §7 timing events): the page is
 * drawn in jsdom against the test API, and the log's transport records the beacon that would leave it.
 */
import { screen, waitFor } from '@testing-library/react';
import { Subject } from 'rxjs';
import type { UserLogBody } from '@strata/domain';
import { createUserLog, type UserLog } from '../../userlog/user-log';
import { sampleDashboard } from '../testing/layouts';
import { dashboardPageSpec } from '../testing/page-spec';

const spec = dashboardPageSpec();
const pageHide$ = new Subject<void>();
let sent: { path: string; body: UserLogBody }[];
let userLog: UserLog;

beforeEach(() => {
  sent = [];
  userLog = createUserLog({
    transport: {
      post: (path, body) => Promise.resolve(sent.push({ path, body })),
      beacon: (path, body) => sent.push({ path, body }) > 0,
    },
    pageHide$,
    impressionId: 'page-1',
    newId: () => 'id',
    now: () => Date.now(),
    visibility: () => 'visible',
  });
});
afterEach(() => userLog.dispose());

const status = (name: string) => screen.getByRole('figure', { name }).getAttribute('data-status');

describe('dashboard page timings (user log)', () => {
  it('opening logs mount_dashboard; each chart drawn logs load_chart and render_chart with its slice_id and durations', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/', { userLog });
    await waitFor(() => expect(status('Cars by origin')).toBe('rendered'));
    pageHide$.next();

    // The entries are about the dashboard: its id rides in the URL.
    expect(new Set(sent.map((r) => r.path))).toEqual(new Set(['/strata/log/?explode=events&dashboard_id=7']));
    const events = sent.flatMap((r) => r.body.events);
    const timing = { event_type: 'timing', duration: expect.any(Number), start_offset: expect.any(Number) };
    expect(events[0]).toMatchObject({
      ...timing,
      event_name: 'mount_dashboard',
      source: 'dashboard',
      source_id: 7,
      target_name: 'Cars overview',
    });
    const ofChart = (name: string) => events.find((e) => e.event_name === name && e.slice_id === 1);
    expect(ofChart('load_chart')).toMatchObject({
      ...timing,
      source: 'dashboard',
      source_id: 7,
      target_name: 'Cars by origin',
      is_cached: false,
      row_count: expect.any(Number),
    });
    expect(ofChart('render_chart')).toMatchObject({ ...timing, source_id: 7, viz_type: 'pie' });
    expect(ofChart('render_chart')!.duration).toBeGreaterThanOrEqual(0);
  });
});
