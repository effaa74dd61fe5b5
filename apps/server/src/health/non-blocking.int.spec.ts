/**
 * The embedded examples database runs PGlite in a child process: a heavy query there must not stall the
 * server. While a multi-second query runs, GET /health keeps answering within 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { ExamplesDatabase } from '../storage/examples-database';
import { StorageModule } from '../storage/storage.module';
import { RunningHttpApp, startHttpApp } from '../testing/http-app';
import { HealthModule } from './health.module';

describe('GET /health while the embedded examples database runs a heavy query', () => {
  let home: string;
  let server: RunningHttpApp;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-nonblocking-'));
    const config = new AppConfig(0, undefined, undefined, undefined, 'x'.repeat(40), home, undefined, undefined, 'test');
    server = await startHttpApp({ imports: [ConfigModule.forRoot(config), StorageModule, HealthModule] });
  }, 120000);

  afterAll(async () => {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  // Runs the heavy query once and polls /health until it finishes; returns the latencies.
  async function measure(readerUrl: string): Promise<{ latencies: number[]; queryMs: number }> {
    const reader = new Client({ connectionString: readerUrl });
    await reader.connect();
    const poll = async () => {
      const t0 = performance.now();
      const response = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(5000) });
      expect(await response.json()).toEqual({ status: 'ok' });
      return performance.now() - t0;
    };
    try {
      // Warm up the route and the keep-alive connection: the first request of a process is slow anyway.
      for (let i = 0; i < 5; i++) await poll();
      const started = Date.now();
      let queryMs = 0;
      const heavy = reader.query('SELECT count(*)::int AS n FROM generate_series(1, 8000000)').then((r) => {
        queryMs = Date.now() - started;
        return r.rows[0].n as number;
      });
      let running = true;
      void heavy.finally(() => (running = false));
      const latencies: number[] = [];
      while (running) {
        latencies.push(await poll());
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await heavy).toBe(8000000);
      return { latencies, queryMs };
    } finally {
      await reader.end();
    }
  }

  it('answers every poll within 100 ms', async () => {
    const examples = server.app.get(ExamplesDatabase);
    // WHY up to three runs: this test shares a 2-core machine and a long-lived Jest heap with the rest of
    // the suite, so one poll can now and then lose 100 ms to a garbage collection or the scheduler. A
    // blocked event loop is told apart by the hard bounds every run must meet: a poll waiting for the
    // query would take about as long as the query itself (over a second).
    const maxima: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { latencies, queryMs } = await measure(examples.readerUrl);
      expect(queryMs).toBeGreaterThan(1000);
      expect(latencies.length).toBeGreaterThan(20);
      expect(Math.max(...latencies)).toBeLessThan(Math.min(500, queryMs / 2));
      const sorted = [...latencies].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(100);
      maxima.push(Math.max(...latencies));
      if (maxima[maxima.length - 1] < 100) break;
    }
    expect(Math.min(...maxima)).toBeLessThan(100);
  }, 180000);
});
