import { deciderSpec } from '../../testing';
import { userLogDecider } from './user-log.decider';
import { USER_EVENT_LOGGED, USER_LOG_MAX_EVENTS_PER_REQUEST, userLogEvent, type UserLogEvent } from './user-log-event';

const event = (n: number): UserLogEvent => userLogEvent({ event_name: `click_${n}`, ts: 1_700_000_000_000 + n });
const spec = deciderSpec(userLogDecider);

describe('user log decider (sqllab-and-platform §7 Event logging)', () => {
  it('one request is one batch: one userEventLogged per entry, with the page ids of the query string', () => {
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: [event(1), event(2)] }, query: { slice_id: 7 }, guest: false })
      .then([
        { type: USER_EVENT_LOGGED, data: { event: event(1), slice_id: 7, guest: false } },
        { type: USER_EVENT_LOGGED, data: { event: event(2), slice_id: 7, guest: false } },
      ]);
  });

  it('a guest is who the server says it is, however the token came (header or body)', () => {
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: [event(1)] }, query: {}, guest: true })
      .then([{ type: USER_EVENT_LOGGED, data: { event: event(1), guest: true } }]);
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: [event(1)], guest_token: 't' }, query: {}, guest: false })
      .then([{ type: USER_EVENT_LOGGED, data: { event: event(1), guest: false } }]);
  });

  it("an entry whose source is a dashboard or a chart carries its id even when the URL did not; the URL's id wins", () => {
    const onDashboard = userLogEvent({ event_name: 'mount_dashboard', ts: 1, source: 'dashboard', source_id: 12 });
    const onChart = userLogEvent({ event_name: 'load_chart', ts: 2, source: 'chart', source_id: '7' });
    const inSqlLab = userLogEvent({ event_name: 'run_query', ts: 3, source: 'sqlLab', source_id: 'tab-1' });
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: [onDashboard, onChart, inSqlLab] }, query: {}, guest: false })
      .then([
        { type: USER_EVENT_LOGGED, data: { event: onDashboard, dashboard_id: 12, guest: false } },
        { type: USER_EVENT_LOGGED, data: { event: onChart, slice_id: 7, guest: false } },
        { type: USER_EVENT_LOGGED, data: { event: inSqlLab, guest: false } },
      ]);
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: [onDashboard] }, query: { dashboard_id: 3 }, guest: false })
      .then([{ type: USER_EVENT_LOGGED, data: { event: onDashboard, dashboard_id: 3, guest: false } }]);
  });

  it("a timing entry's duration is kept in milliseconds (a chart's render time, a query's run time)", () => {
    const render = userLogEvent({
      event_name: 'render_chart',
      ts: 1,
      event_type: 'timing',
      source: 'chart',
      source_id: 7,
      duration: 184,
    });
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: [render] }, query: {}, guest: false })
      .then([{ type: USER_EVENT_LOGGED, data: { event: render, slice_id: 7, duration_ms: 184, guest: false } }]);
  });

  it('a chart timed on a dashboard is about the dashboard (the URL) and its chart (the entry)', () => {
    const load = userLogEvent({
      event_name: 'load_chart',
      ts: 1,
      event_type: 'timing',
      source: 'dashboard',
      source_id: 3,
      slice_id: 7,
      duration: 42,
    });
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: [load] }, query: { dashboard_id: 3 }, guest: false })
      .then([
        { type: USER_EVENT_LOGGED, data: { event: load, dashboard_id: 3, slice_id: 7, duration_ms: 42, guest: false } },
      ]);
  });

  it("a guest's entries say who the guest token named, never the token", () => {
    const guestUser = { username: 'embed-viewer', dashboard_ids: ['12'] };
    spec
      .given([])
      .when({
        type: 'LogUserEvents',
        body: { events: [event(1)], guest_token: 'secret-token' },
        query: {},
        guest: true,
        guestUser,
      })
      .then([{ type: USER_EVENT_LOGGED, data: { event: event(1), guest: true, guest_user: guestUser } }]);
  });

  it('refuses an empty request and one over the batch size', () => {
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: [] }, query: {}, guest: false })
      .thenThrows('user_log_empty');
    const tooMany = Array.from({ length: USER_LOG_MAX_EVENTS_PER_REQUEST + 1 }, (_, n) => event(n));
    spec
      .given([])
      .when({ type: 'LogUserEvents', body: { events: tooMany }, query: {}, guest: false })
      .thenThrows('user_log_too_many');
  });

  it('folds to the number of logged entries', () => {
    spec.given([{ type: USER_EVENT_LOGGED, data: { event: event(1), guest: false } }]).thenState({ logged: 1 });
  });
});
