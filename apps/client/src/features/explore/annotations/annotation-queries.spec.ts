import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exploreDecider, type ExploreEvent, type ExploreState } from '@strata/domain';
import { createFeatureStore } from '../../../shared/feature-store';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import type { ExploreCore } from '../explore.feature';
import { annotationQueries, EXPLORE_CHART } from './annotation-queries';

/** A real HTTP server answering the annotation data endpoint: a layer's data, a refusal, or a dropped connection. */
function annotationServer(): Promise<{ server: Server; url: string; asked: string[] }> {
  const asked: string[] = [];
  // 'slow' layers are answered together once two have been asked, each with the order it was asked in.
  const slow: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url?.startsWith('/api/v1/security/csrf_token')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ result: 'token' }));
        return;
      }
      const name = JSON.parse(body || '{}').annotation_layer?.name as string;
      asked.push(name);
      if (name === 'slow') {
        slow.push(res);
        if (slow.length === 2)
          slow.forEach((r, n) => {
            r.setHeader('content-type', 'application/json');
            r.end(JSON.stringify({ result: { name, data: { records: [{ n }] } } }));
          });
        return;
      }
      if (name === 'down') {
        req.socket.destroy();
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (name === 'missing') {
        res.statusCode = 404;
        res.end(JSON.stringify({ message: 'The chart 9 does not exist.' }));
        return;
      }
      res.end(JSON.stringify({ result: { name, data: { records: [{ ds: 1 }] } } }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }),
    ),
  );
}

const layer = (name: string, sourceType = 'table') => ({
  name,
  annotationType: sourceType ? 'EVENT' : 'FORMULA',
  sourceType,
  value: sourceType ? 9 : 'x',
  timeColumn: 'ds',
  show: true,
});

describe("Explore's annotation queries (charts-dashboards-reports §4)", () => {
  let api: Awaited<ReturnType<typeof annotationServer>>;
  beforeEach(async () => {
    api = await annotationServer();
  });
  afterEach(() => new Promise<void>((done) => api.server.close(() => done())));

  it('after a chart answer: skips a formula, takes the answer’s data, asks for the rest, with the server’s error or Network error.', async () => {
    const context = createTestContext('1');
    const store = createFeatureStore<ExploreState, ExploreEvent>('explore', exploreDecider, context);
    const queries = annotationQueries(
      { store, context } as unknown as ExploreCore,
      new HttpClient({ baseUrl: api.url }),
    );
    const sub = queries.followChart();
    const formData = {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      annotation_layers: [
        layer('trend', ''),
        layer('answered'),
        layer('asked'),
        layer('missing'),
        layer('down'),
        { ...layer('hidden'), show: false },
      ],
    };
    store.record([{ type: 'explore/queryTriggered', data: { queryId: 'q', formData, force: false, at: 1 } }]);
    store.record([
      {
        type: 'explore/chartLoaded',
        data: { queryId: 'q', queriesResponse: [{ annotation_data: { answered: { records: [] } } }], at: 2 },
      },
    ]);
    await new Promise<void>((resolve) => {
      const s = queries.store.state$.subscribe((state) => {
        const c = state[EXPLORE_CHART];
        if (c && Object.keys(c.annotationQuery).length === 0 && Object.keys(c.annotationError).length === 2) resolve();
      });
      return () => s.unsubscribe();
    });
    const state = queries.store.getState()[EXPLORE_CHART]!;
    expect(state.skipped).toEqual(['trend']);
    expect(state.annotationData).toEqual({ answered: { records: [] }, asked: { records: [{ ds: 1 }] } });
    expect(state.annotationError).toEqual({ missing: 'The chart 9 does not exist.', down: 'Network error.' });
    expect(api.asked.sort()).toEqual(['asked', 'down', 'missing']);
    sub.unsubscribe();
  });

  it('a new start of the same name aborts the earlier query: only the later answer is recorded', async () => {
    const context = createTestContext('1');
    const store = createFeatureStore<ExploreState, ExploreEvent>('explore', exploreDecider, context);
    const queries = annotationQueries(
      { store, context } as unknown as ExploreCore,
      new HttpClient({ baseUrl: api.url }),
    );
    const recorded: string[] = [];
    const seen = queries.store.recorded$.subscribe((e) =>
      recorded.push(`${e.type} ${'requestId' in e.data ? e.data.requestId : ''}`),
    );
    const sub = queries.followChart();
    const formData = {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      annotation_layers: [layer('slow')],
    };
    for (const queryId of ['q1', 'q2']) {
      store.record([{ type: 'explore/queryTriggered', data: { queryId, formData, force: false, at: 1 } }]);
      store.record([{ type: 'explore/chartLoaded', data: { queryId, queriesResponse: [{}], at: 2 } }]);
    }
    await new Promise<void>((resolve) => {
      const s = queries.store.state$.subscribe((state) => {
        if (state[EXPLORE_CHART]?.annotationData.slow) resolve();
      });
      return () => s.unsubscribe();
    });
    const [first, second] = recorded.map((r) => r.split(' ')[1]);
    expect(recorded).toEqual([
      `annotation/queryStarted ${first}`,
      `annotation/queryStarted ${second}`,
      `annotation/querySucceeded ${second}`,
    ]);
    expect(queries.store.getState()[EXPLORE_CHART]!.annotationData).toEqual({ slow: { records: [{ n: 1 }] } });
    seen.unsubscribe();
    sub.unsubscribe();
  });
});
