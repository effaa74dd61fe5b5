import {
  USER_LOG_BATCH_SIZE,
  USER_LOG_QUIET_MS,
  isUserLogQueueFull,
  planUserLogRequests,
  splitIntoBatches,
} from './batching';
import {
  USER_EVENT_LOGGED,
  explodeUserLog,
  userLogBodySchema,
  userLogEvent,
  userLogPath,
  userLogQuerySchema,
  userLogStream,
  type UserLogEvent,
} from './user-log-event';

const event = (n: number, extra: Partial<UserLogEvent> = {}): UserLogEvent =>
  userLogEvent({ event_name: `click_${n}`, ts: 1_700_000_000_000 + n, ...extra });

describe('user-log event shape (sqllab-and-platform §3, §7)', () => {
  it('sqllab-and-platform §7: event types are user and timing; the event version is v2', () => {
    expect(event(1)).toMatchObject({ event_type: 'user', version: 'v2' });
    expect(userLogEvent({ event_name: 'mount_dashboard', ts: 5, event_type: 'timing' }).event_type).toBe('timing');
  });

  it('sqllab-and-platform §3 User-log event: a body with every listed field is accepted', () => {
    const full = event(1, {
      source: 'dashboard',
      source_id: 4,
      impression_id: 'imp-1',
      event_id: 'ev-1',
      visibility: 'visible',
      trigger_event: 'ev-0',
      target_id: 'CHART-x',
      target_name: 'Flights by month',
      db_id: 1,
      schema: 'public',
    });
    const parsed = userLogBodySchema.parse({ events: [full], guest_token: 'tok' });
    expect(parsed).toEqual({ events: [full], guest_token: 'tok' });
  });

  it('extra JSON members ride along (durations, offsets)', () => {
    const timing = event(2, { event_type: 'timing', duration: 532, start_offset: 10, meta: { cached: true } });
    expect(userLogBodySchema.parse({ events: [timing] }).events[0]).toEqual(timing);
  });

  it.each([
    ['no events member', {}],
    ['an empty list', { events: [] }],
    ['an event without a name', { events: [{ ts: 1, event_type: 'user', version: 'v2' }] }],
    ['an unknown event type', { events: [{ ...event(1), event_type: 'click' }] }],
    ['another version', { events: [{ ...event(1), version: 'v1' }] }],
    ['a text timestamp', { events: [{ ...event(1), ts: 'yesterday' }] }],
    ['an unknown top-level member', { events: [event(1)], user_id: 1 }],
    ['more than one batch', { events: Array.from({ length: USER_LOG_BATCH_SIZE + 1 }, (_, i) => event(i)) }],
  ])('the server refuses a log body with %s', (_what, body) => {
    expect(userLogBodySchema.safeParse(body).success).toBe(false);
  });

  it('a beacon sent as a form carries events as JSON text, which is read too', () => {
    const parsed = userLogBodySchema.parse({ events: JSON.stringify([event(1)]) });
    expect(parsed.events).toEqual([event(1)]);
    expect(userLogBodySchema.safeParse({ events: '[not json' }).success).toBe(false);
  });

  it('sqllab-and-platform §7: the URL carries explode=events plus dashboard_id or slice_id for a dashboard or chart', () => {
    expect(userLogPath({ source: 'dashboard', source_id: 12 })).toBe('/strata/log/?explode=events&dashboard_id=12');
    expect(userLogPath({ source: 'chart', source_id: 5 })).toBe('/strata/log/?explode=events&slice_id=5');
    expect(userLogPath({ source: 'sqlLab', source_id: 'tab-1' })).toBe('/strata/log/?explode=events');
    expect(userLogPath({})).toBe('/strata/log/?explode=events');
  });

  it('the query string is validated: ids are positive integers', () => {
    expect(userLogQuerySchema.parse({ explode: 'events', dashboard_id: '12' })).toEqual({
      explode: 'events',
      dashboard_id: 12,
    });
    expect(userLogQuerySchema.safeParse({ slice_id: 'abc' }).success).toBe(false);
    expect(userLogQuerySchema.safeParse({ explode: 'rows' }).success).toBe(false);
  });

  it('the server stores one event per logged event in the user’s log stream', () => {
    const stored = explodeUserLog({ events: [event(1), event(2)], guest_token: 'g' }, { dashboard_id: 3 });
    expect(stored).toEqual([
      { type: USER_EVENT_LOGGED, data: { event: event(1), dashboard_id: 3, guest: true } },
      { type: USER_EVENT_LOGGED, data: { event: event(2), dashboard_id: 3, guest: true } },
    ]);
    expect(userLogStream(42)).toBe('userlog:42');
  });
});

describe('user-log batching (sqllab-and-platform §4 Event logging, §9)', () => {
  it('sqllab-and-platform §9: event batch size 1024, delay 1000 ms', () => {
    expect(USER_LOG_BATCH_SIZE).toBe(1024);
    expect(USER_LOG_QUIET_MS).toBe(1000);
  });

  it('sqllab-and-platform §4 Event logging: events are batched, up to 1024 at a time', () => {
    const queue = Array.from({ length: 2500 }, (_, i) => i);
    const batches = splitIntoBatches(queue);
    expect(batches.map((b) => b.length)).toEqual([1024, 1024, 452]);
    expect(batches.flat()).toEqual(queue);
  });

  it('a full queue is sent without waiting for quiet', () => {
    expect(isUserLogQueueFull(1023)).toBe(false);
    expect(isUserLogQueueFull(1024)).toBe(true);
  });

  it('an empty queue needs no request', () => {
    expect(planUserLogRequests([])).toEqual([]);
  });

  it('sqllab-and-platform §6: the event log passes a guest token when one exists', () => {
    expect(planUserLogRequests([event(1)], { guestToken: 'guest-jwt' })).toEqual([
      { path: '/strata/log/?explode=events', body: { events: [event(1)], guest_token: 'guest-jwt' } },
    ]);
    expect(planUserLogRequests([event(1)])[0].body).toEqual({ events: [event(1)] });
  });

  it('requests keep the order, hold at most 1024 events and change when the dashboard or chart changes', () => {
    const onDashboard = Array.from({ length: 1030 }, (_, i) => event(i, { source: 'dashboard', source_id: 1 }));
    const onChart = [event(2000, { source: 'chart', source_id: 9 })];
    const requests = planUserLogRequests([
      ...onDashboard,
      ...onChart,
      event(3000, { source: 'dashboard', source_id: 1 }),
    ]);
    expect(requests.map((r) => [r.path, r.body.events.length])).toEqual([
      ['/strata/log/?explode=events&dashboard_id=1', 1024],
      ['/strata/log/?explode=events&dashboard_id=1', 6],
      ['/strata/log/?explode=events&slice_id=9', 1],
      ['/strata/log/?explode=events&dashboard_id=1', 1],
    ]);
    expect(requests.flatMap((r) => r.body.events)).toHaveLength(1032);
  });

  it('every planned request is a body the server accepts', () => {
    const queue = Array.from({ length: 3000 }, (_, i) => event(i));
    for (const request of planUserLogRequests(queue, { guestToken: 't' })) {
      expect(userLogBodySchema.safeParse(request.body).success).toBe(true);
    }
  });
});
