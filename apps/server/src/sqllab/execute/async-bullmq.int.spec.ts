/**
 * The async path with REDIS_URL: the run goes through BullMQ on the machine's Redis, results are kept in
 * Redis, and the completion is polled at GET /api/v1/async_event/.
 */
import { randomUUID } from 'node:crypto';
import { BullMqJobQueue } from '../../jobs/bullmq-queue';
import { JobQueue } from '../../jobs/job-queue';
import { RedisResultsBackend, ResultsBackend } from '../results/results-backend';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let app: SqlLabTestApp;
let db: number;

beforeAll(async () => {
  const prefix = `strata-test-${randomUUID()}`;
  app = await startSqlLabTestApp({
    customize: (b) =>
      b
        .overrideProvider(JobQueue)
        .useValue(new BullMqJobQueue(REDIS_URL, prefix))
        .overrideProvider(ResultsBackend)
        .useValue(new RedisResultsBackend(REDIS_URL, `${prefix}:results:`)),
  });
  db = await app.addDatabase('target-async', { allow_run_async: true });
});
afterAll(async () => {
  await app?.close();
});

it('runs an async query on BullMQ, stores its result in Redis and reports it at /api/v1/async_event/', async () => {
  const id = clientId();
  const res = await app.admin.post('/api/v1/sqllab/execute/', {
    database_id: db,
    client_id: id,
    sql: 'SELECT id FROM t1200 ORDER BY id',
    runAsync: true,
    queryLimit: 50,
  });
  expect(res.status).toBe(202);
  let event: { status: string; result_url: string; client_id: string } | undefined;
  for (let i = 0; i < 200 && !event; i++) {
    event = (await app.admin.get('/api/v1/async_event/')).body.result.find(
      (e: { client_id: string }) => e.client_id === id,
    );
    if (!event) await new Promise((r) => setTimeout(r, 50));
  }
  expect(event).toMatchObject({ status: 'done' });
  const results = await app.admin.get(event!.result_url);
  expect(results.body.data).toHaveLength(50);
  expect(results.body.data[49]).toEqual({ id: 50 });
  expect(await app.metaQuery('SELECT count(*)::int AS n FROM query_results')).toEqual([{ n: 0 }]);
});
