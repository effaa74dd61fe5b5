/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@testing-library/react';
import { firstValueFrom, filter } from 'rxjs';
import { Server } from 'socket.io';
import { WIRE_EVENT, type AsyncEvent } from '@strata/events';
import type { ExploreState } from '@strata/domain';
import { createTestContext } from '../../shared/test-context';
import { HttpClient } from '../api/http-client';
import { createAsyncEvents, type AsyncEvents } from '../async/async-events';
import { pollAsyncEvents } from '../async/async-jobs';
import { socketPush } from '../async/socket-push';
import { createErrors } from '../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { createExplore, type ExploreFeature } from './explore.feature';
import { ALPHA as alpha, AVG_HP as avgHp, type ExploreTestApi } from './testing/explore-kit';
import { exploreTestApi } from './testing/explore-test-api';

// GLOBAL_ASYNC_QUERIES (issue 5): chart data answers 202 with a job; the chart waits for its event.
const FLAGS = { GLOBAL_ASYNC_QUERIES: true };

let api: ExploreTestApi;
let toasts: ToastsFeature;
let explore: ExploreFeature | undefined;
let events: AsyncEvents | undefined;
let sockets: { io: Server; http: HttpServer; url: string } | undefined;

beforeEach(async () => {
  api = await exploreTestApi().start();
  api.asyncJobs.control.on = true;
  toasts = createToasts(createTestContext('1'));
});

afterEach(async () => {
  explore?.dispose();
  events?.dispose();
  explore = undefined;
  events = undefined;
  toasts.dispose();
  await api.stop();
  if (sockets) {
    await sockets.io.close();
    sockets = undefined;
  }
});

/** A socket.io server speaking the wire protocol: every job event of the test API is pushed to it. */
async function startSockets() {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', cors: { origin: true, credentials: true } });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  api.asyncJobs.control.onAsyncEvent = (event) =>
    void io.emit(WIRE_EVENT, { type: 'async_event', event: event as AsyncEvent });
  return { io, http, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

function open(withPush: boolean) {
  const context = createTestContext('1');
  const http = new HttpClient({ baseUrl: api.baseUrl });
  events = createAsyncEvents({
    poll: pollAsyncEvents(http),
    pollDelayMs: 50,
    ...(withPush && sockets ? { openPush: () => socketPush({ url: sockets!.url, sessionId: context.sessionId }) } : {}),
  });
  explore = createExplore({
    context,
    http,
    toasts,
    errors: createErrors(context, toasts),
    user: () => alpha as never,
    featureFlags: () => FLAGS,
    asyncEvents: events,
  });
  return explore;
}

const state = (): ExploreState => explore!.store.getState();

async function runBarChart(feature: ExploreFeature) {
  await feature.open({ datasource_id: '1', datasource_type: 'table', viz_type: 'echarts_timeseries_bar' });
  feature.setControl('x_axis', 'origin');
  feature.setControl('metrics', [avgHp]);
  feature.runQuery();
}

describe('Explore with GLOBAL_ASYNC_QUERIES', () => {
  it('waits for the job event (polling), then fetches the result URL and shows its data', async () => {
    await runBarChart(open(false));
    expect(state().chart.chartStatus).toBe('loading');
    await waitFor(() => expect(state().chart.chartStatus).toBe('success'));
    const jobId = api.asyncJobs.events[0]!['job_id'] as string;
    expect(api.asyncJobs.resultFetches).toEqual([jobId]);
    expect(api.asyncJobs.polls.length).toBeGreaterThan(0);
    const result = (state().chart.queriesResponse as { data: Record<string, unknown>[] }[])[0]!;
    expect(result.data).toEqual(
      expect.arrayContaining([
        { origin: 'USA', 'AVG(horsepower)': 147.5 },
        { origin: 'Europe', 'AVG(horsepower)': 66.5 },
      ]),
    );
  });

  it("fails the chart with the error event's message", async () => {
    api.control.failChartData = 'column "nope" does not exist';
    await runBarChart(open(false));
    await waitFor(() => expect(state().chart.chartStatus).toBe('failed'));
    expect(state().chart.chartAlert).toContain('column "nope" does not exist');
    expect(api.asyncJobs.events[0]).toMatchObject({ status: 'error' });
    expect(api.asyncJobs.resultFetches).toEqual([]);
  });

  it('Stop while the job runs: the chart stays stopped and its result is never fetched', async () => {
    api.asyncJobs.control.jobMs = 300;
    await runBarChart(open(false));
    // The 202 has come: the chart now waits for the event.
    await waitFor(() => expect(api.asyncJobs.polls.length).toBeGreaterThan(0));
    explore!.stop();
    expect(state().chart).toMatchObject({ chartStatus: 'stopped', chartAlert: 'Updating chart was stopped' });
    // The job's event is published; Stop forgot the job (awaitJob), so nothing fetches its result.
    await waitFor(() => expect(api.asyncJobs.events).toHaveLength(1));
    expect(state().chart.chartStatus).toBe('stopped');
    expect(state().chart.queriesResponse).toBeNull();
    expect(api.asyncJobs.resultFetches).toEqual([]);
  });

  it('with the flag on, opens the socket at once; the job event comes pushed, never polled', async () => {
    sockets = await startSockets();
    api.asyncJobs.control.pushOnly = true;
    const feature = open(true);
    // Connected before any chart asked: the flag opened the channel.
    await firstValueFrom(events!.connected$.pipe(filter(Boolean)));
    await runBarChart(feature);
    await waitFor(() => expect(state().chart.chartStatus).toBe('success'));
    expect(api.asyncJobs.resultFetches).toHaveLength(1);
    // pushOnly hides events from polling: the only way the result URL was learnt is the socket.
    expect(api.asyncJobs.events).toHaveLength(1);
  });
});
