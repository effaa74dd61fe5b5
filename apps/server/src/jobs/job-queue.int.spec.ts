/**
 * Both queues behave the same: every job runs once with its payload, at most `concurrency` at a time,
 * and jobs added before a handler exists wait for it. BullMQ runs against the machine's Redis.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Job, Queue } from 'bullmq';
import IORedis from 'ioredis';
import { BullMqJobQueue } from './bullmq-queue';
import { InProcessJobQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Polls `check` until it holds; the bound is generous: a loaded machine is slow, not failing. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const cases: [string, () => JobQueue][] = [
  ['in-process', () => new InProcessJobQueue(2)],
  ['BullMQ on Redis', () => new BullMqJobQueue(REDIS_URL, `strata-test-${randomUUID()}`, 2)],
];

describe.each(cases)('%s job queue', (_name, make) => {
  let queue: JobQueue;
  beforeEach(() => {
    queue = make();
  });
  afterEach(async () => {
    await queue.close();
  });

  it('runs every job once with its payload, never more than 2 at a time', async () => {
    const seen: number[] = [];
    let maxRunning = 0;
    // Each job holds its slot until the test lets it end, so the ones waiting for a slot pile up.
    const held: (() => void)[] = [];
    let holding = true;
    queue.process<{ n: number }>('work', async ({ n }) => {
      await new Promise<void>((release) => {
        held.push(release);
        maxRunning = Math.max(maxRunning, held.length);
        if (!holding) release();
      });
      seen.push(n);
    });
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue.add('work', { n })));
    expect(new Set(ids).size).toBe(6);
    try {
      for (let ended = 0; ended < 6; ended++) {
        // Both slots are taken (or only the last job is left) before one is freed.
        await until(() => held.length === Math.min(2, 6 - ended), `${Math.min(2, 6 - ended)} jobs running`);
        held.shift()!();
        await until(() => seen.length === ended + 1, 'the freed job to end');
      }
    } finally {
      // On failure too, so closing the queue does not wait for held jobs.
      holding = false;
      for (const release of held.splice(0)) release();
    }
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(maxRunning).toBe(2);
  });

  it('keeps a job added before its handler and runs it once the handler is registered', async () => {
    await queue.add('late', { hello: 'world' });
    // The queue has gone on working meanwhile: a job of another name ran start to end.
    await new Promise((resolve) => {
      queue.process('meanwhile', async () => resolve(undefined));
      void queue.add('meanwhile', {});
    });
    const payload = await new Promise((resolve) => queue.process('late', async (p) => resolve(p)));
    expect(payload).toEqual({ hello: 'world' });
  });

  it('goes on after a failing job', async () => {
    const ok: number[] = [];
    const done = new Promise<void>((resolve) => {
      queue.process<{ n: number }>('flaky', async ({ n }) => {
        if (n === 1) throw new Error('boom');
        ok.push(n);
        resolve();
      });
    });
    await queue.add('flaky', { n: 1 });
    await queue.add('flaky', { n: 2 });
    await done;
    expect(ok).toEqual([2]);
  });
});

describe('BullMQ: a job whose worker dies', () => {
  it('is reported lost, with its payload, by a worker of another process, and never run again', async () => {
    const prefix = `strata-test-${randomUUID()}`;
    // The dying worker is a real process, killed with SIGKILL while it holds the job.
    const child = spawn(process.execPath, ['-e', DYING_WORKER, REDIS_URL, prefix], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const survivor = new BullMqJobQueue(REDIS_URL, prefix, 2, { lockDurationMs: 1000, stalledIntervalMs: 300 });
    try {
      await new Promise<void>((resolve) =>
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()),
      );
      const jobId = await survivor.add('run', { clientId: 'abc' });
      await new Promise<void>((resolve) =>
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('started') && resolve()),
      );
      child.kill('SIGKILL');
      const ran: unknown[] = [];
      const lost = await new Promise<{ payload: unknown; id: string }>((resolve) => {
        survivor.process('run', async (payload) => void ran.push(payload), {
          onLost: async (payload, job) => resolve({ payload, id: job.id }),
        });
      });
      expect(lost).toEqual({ payload: { clientId: 'abc' }, id: jobId });
      // Failed, not back in line: a job added after it is the first one the survivor runs.
      const redis = new IORedis(REDIS_URL, { maxRetriesPerRequest: null });
      const inspector = new Queue('run', { connection: redis, prefix });
      try {
        expect(await (await Job.fromId(inspector, jobId))?.getState()).toBe('failed');
        await survivor.add('run', { clientId: 'next' });
        await until(() => ran.length > 0, 'the next job to run');
        expect(ran).toEqual([{ clientId: 'next' }]);
        expect(await (await Job.fromId(inspector, jobId))?.getState()).toBe('failed');
      } finally {
        await inspector.close();
        redis.disconnect();
      }
    } finally {
      child.kill('SIGKILL');
      await survivor.close();
    }
  }, 60_000);
});

/** A worker like BullMqJobQueue's (maxStalledCount 0) whose job never ends. */
const DYING_WORKER = `
const { Worker } = require(${JSON.stringify(require.resolve('bullmq'))});
const IORedis = require(${JSON.stringify(require.resolve('ioredis'))});
const [url, prefix] = process.argv.slice(1);
const worker = new Worker('run', async () => { console.log('started'); await new Promise(() => {}); },
  { connection: new IORedis(url, { maxRetriesPerRequest: null }), prefix, maxStalledCount: 0, lockDuration: 1000, stalledInterval: 300 });
worker.waitUntilReady().then(() => console.log('ready'));
`;
