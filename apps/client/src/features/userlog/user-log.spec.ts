import { Subject } from 'rxjs';
import type { UserLogBody } from '@strata/domain';
import { createUserLog, type UserLog, type UserLogTransport } from './user-log';

// A transport that records what would leave the page: the batching policy is what is under test here.
class RecordingTransport implements UserLogTransport {
  readonly posts: { path: string; body: UserLogBody }[] = [];
  readonly beacons: { path: string; body: UserLogBody }[] = [];
  beaconAccepted = true;
  post(path: string, body: UserLogBody) {
    this.posts.push({ path, body });
    return Promise.resolve();
  }
  beacon(path: string, body: UserLogBody) {
    if (!this.beaconAccepted) return false;
    this.beacons.push({ path, body });
    return true;
  }
}

let transport: RecordingTransport;
let pageHide$: Subject<void>;
let userLog: UserLog;
let ids = 0;

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
  transport = new RecordingTransport();
  pageHide$ = new Subject<void>();
  userLog = createUserLog({
    transport,
    pageHide$,
    impressionId: 'impression-1',
    newId: () => `event-${++ids}`,
    now: () => Date.now(),
    visibility: () => 'visible',
  });
});

afterEach(() => {
  userLog.dispose();
  jest.useRealTimers();
});

const names = (body: UserLogBody) => body.events.map((e) => e.event_name);

describe('user-log batching', () => {
  it('sends after 1 s without a new event, all queued events in one request', () => {
    userLog.log({ event_name: 'page_view', path: '/' });
    jest.advanceTimersByTime(500);
    userLog.log({ event_name: 'spa_navigation', path: '/users/' });
    jest.advanceTimersByTime(999);
    expect(transport.posts).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(transport.posts).toHaveLength(1);
    expect(transport.posts[0]!.path).toBe('/strata/log/?explode=events');
    expect(names(transport.posts[0]!.body)).toEqual(['page_view', 'spa_navigation']);
  });

  it('stamps each event with the spec fields: ts, impression_id, event_id, version, event_type, visibility', () => {
    userLog.log({ event_name: 'login', target_name: 'admin' });
    jest.advanceTimersByTime(1000);
    expect(transport.posts[0]!.body.events[0]).toEqual({
      event_name: 'login',
      target_name: 'admin',
      ts: new Date('2026-01-01T00:00:00Z').getTime(),
      impression_id: 'impression-1',
      event_id: expect.stringMatching(/^event-\d+$/),
      version: 'v2',
      event_type: 'user',
      visibility: 'visible',
    });
  });

  it('sends at most 1024 events per request', () => {
    for (let i = 0; i < 2500; i += 1) userLog.log({ event_name: 'timing', event_type: 'timing', n: i });
    // Two full batches leave without waiting for quiet; the rest after 1 s.
    expect(transport.posts.map((p) => p.body.events.length)).toEqual([1024, 1024]);
    jest.advanceTimersByTime(1000);
    expect(transport.posts.map((p) => p.body.events.length)).toEqual([1024, 1024, 452]);
    const all = transport.posts.flatMap((p) => p.body.events.map((e) => e.n));
    expect(all).toEqual(Array.from({ length: 2500 }, (_, i) => i));
  });

  it('sends what is queued as a beacon when the page is hidden, and nothing again after quiet', () => {
    userLog.log({ event_name: 'page_view' });
    userLog.log({ event_name: 'spa_navigation' });
    pageHide$.next();
    expect(transport.beacons).toHaveLength(1);
    expect(names(transport.beacons[0]!.body)).toEqual(['page_view', 'spa_navigation']);
    jest.advanceTimersByTime(5000);
    expect(transport.posts).toHaveLength(0);
  });

  it('posts the batch when the browser refuses the beacon', () => {
    transport.beaconAccepted = false;
    userLog.log({ event_name: 'page_view' });
    pageHide$.next();
    expect(transport.posts).toHaveLength(1);
    expect(names(transport.posts[0]!.body)).toEqual(['page_view']);
  });

  it('an embedded page sends its guest token with every batch, a timing entry among them', () => {
    const guest = createUserLog({
      transport,
      pageHide$,
      impressionId: 'impression-2',
      newId: () => 'event-g',
      now: () => Date.now(),
      visibility: () => 'visible',
      guestToken: () => 'guest-jwt',
    });
    guest.log({ event_name: 'render_chart', event_type: 'timing', source: 'dashboard', source_id: 3, duration: 12 });
    pageHide$.next();
    guest.dispose();
    expect(transport.beacons).toEqual([
      {
        path: '/strata/log/?explode=events&dashboard_id=3',
        body: {
          events: [expect.objectContaining({ event_name: 'render_chart', event_type: 'timing', duration: 12 })],
          guest_token: 'guest-jwt',
        },
      },
    ]);
  });

  it('sends nothing when nothing was logged', () => {
    pageHide$.next();
    jest.advanceTimersByTime(5000);
    expect(transport.posts).toHaveLength(0);
    expect(transport.beacons).toHaveLength(0);
  });
});
