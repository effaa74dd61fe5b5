import { summarize } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import { userLogEvent, type UserLogStoredEvent } from './user-log-event';
import { userLogSummaries } from './user-log.summaries';

describe('user log summaries', () => {
  it('names the logged event and where it happened', () => {
    const logged: UserLogStoredEvent = {
      type: 'platform/userEventLogged',
      data: {
        event: userLogEvent({ event_name: 'mount_dashboard', ts: 1, source: 'dashboard' }),
        dashboard_id: 3,
        guest: false,
      },
    };
    expect(summarize(logged, { who: 'alice' })).toBe("alice logged 'mount_dashboard' on the dashboard #3");
  });

  const timed = (
    fields: Record<string, unknown> & { event_name: string; duration: number },
    data: Partial<UserLogStoredEvent['data']> = {},
  ): UserLogStoredEvent => ({
    type: 'platform/userEventLogged',
    data: { event: userLogEvent({ ts: 1, event_type: 'timing', ...fields }), guest: false, ...data },
  });

  it("a chart's timings name the chart as it was then, its time and whether it came from the cache", () => {
    const load = timed({ event_name: 'load_chart', duration: 420, is_cached: true }, { slice_id: 7 });
    expect(summarize(load, { who: 'alice', objectName: 'Flights by origin' })).toBe(
      "alice's chart 'Flights by origin' loaded in 420 ms (cached)",
    );
    const render = timed({ event_name: 'render_chart', duration: 1234.5 }, { slice_id: 7 });
    expect(summarize(render, { who: 'alice' })).toBe("alice's chart #7 was drawn in 1.2 s");
  });

  it('a chart timed on a dashboard is named by the entry, the dashboard by the log', () => {
    const load = timed(
      { event_name: 'load_chart', duration: 80, is_cached: false, target_name: 'Flights' },
      { dashboard_id: 3, slice_id: 7 },
    );
    expect(summarize(load, { who: 'bob', objectName: 'Ops' })).toBe(
      "bob's chart 'Flights' loaded in 80 ms on the dashboard 'Ops'",
    );
    const mount = timed({ event_name: 'mount_dashboard', duration: 65_000 }, { dashboard_id: 3 });
    expect(summarize(mount, { who: 'bob', objectName: 'Ops' })).toBe("bob's dashboard 'Ops' opened in 1 min 5 s");
  });

  it("a SQL Lab run's time reads as how it ended", () => {
    const ran = timed({ event_name: 'sqllab_query', duration: 1200, status: 'success', row_count: 5 });
    expect(summarize(ran, { who: 'bob' })).toBe("bob's query ran for 1.2 s (5 rows)");
    const failed = timed({ event_name: 'sqllab_query', duration: 300, status: 'failed' });
    expect(summarize(failed, { who: 'bob' })).toBe("bob's query failed after 300 ms");
    const guest = timed(
      { event_name: 'sqllab_query', duration: 2000, status: 'stopped' },
      { guest: true, guest_user: { username: 'viewer', dashboard_ids: [] } },
    );
    expect(summarize(guest, { who: 'bob' })).toBe("the query was stopped after 2 s for the guest 'viewer'");
  });

  it('reads its event type, for a guest and a timing', () => {
    const samples: SummarySamples<UserLogStoredEvent> = {
      'platform/userEventLogged': {
        event: userLogEvent({ event_name: 'sqllab_run', ts: 1, source: 'sqlLab', event_type: 'timing', duration: 120 }),
        guest: true,
      },
    };
    expect(unreadableSummaries(userLogSummaries, samples)).toEqual([]);
  });
});
