/**
 * The embedded examples database runs PGlite in a child process: a heavy query there must not stall the
 * server. While a long query runs (the examples process busy with it), GET /health and a request that reads
 * the metadata database answer again and again; the query is still running after the last answer.
 * Had the query run on the server's event loop, nothing would answer until it ended.
 */
import { Controller, Get, Module } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { ExamplesDatabase } from '../storage/examples-database';
import { StorageModule } from '../storage/storage.module';
import { StorageRuntime } from '../storage/storage-runtime';
import { RunningHttpApp, startHttpApp } from '../testing/http-app';
import { HealthModule } from './health.module';

/** A cheap API call that goes through the metadata database (a fixture, like a real route's read). */
@Controller('metadata-ping')
class MetadataPingController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async ping(): Promise<{ ok: number }> {
    const [row] = (await this.dataSource.query('SELECT 1 AS ok')) as { ok: number }[];
    return row!;
  }
}

@Module({ controllers: [MetadataPingController] })
class MetadataPingModule {}

/** Minutes of work for PGlite, yet finite, so a server that ran it on its event loop would fail, not hang. */
const HEAVY_QUERY = 'SELECT count(*)::int AS n FROM generate_series(1, 300000000)';
const ROUNDS = 30;

/** CPU time (clock ticks) a process has used, from /proc: it grows while the process computes. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe('the server while the embedded examples database runs a heavy query', () => {
  let home: string;
  let server: RunningHttpApp;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-nonblocking-'));
    const config = new AppConfig(
      0,
      undefined,
      undefined,
      undefined,
      'x'.repeat(40),
      home,
      undefined,
      undefined,
      'test',
    );
    server = await startHttpApp({
      imports: [ConfigModule.forRoot(config), StorageModule, HealthModule, MetadataPingModule],
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('answers /health and an API call many times in a row before the query ends', async () => {
    const runtime = server.app.get(StorageRuntime);
    const examples = runtime.embedded.find((db) => db.name === 'examples')!;
    const reader = new Client({ connectionString: server.app.get(ExamplesDatabase).readerUrl });
    // The restart below cuts this connection on purpose.
    reader.on('error', () => undefined);
    await reader.connect();
    let queryEnded = false;
    const before = cpuTicks(examples.pid);
    const heavy = reader.query(HEAVY_QUERY).then(
      () => 'completed',
      () => 'ended by the restart',
    );
    void heavy.finally(() => (queryEnded = true));
    try {
      // The query is running, not waiting somewhere: the examples process is computing.
      while (cpuTicks(examples.pid) < before + 20) {
        expect(queryEnded).toBe(false);
        await new Promise((r) => setTimeout(r, 20));
      }
      for (let round = 0; round < ROUNDS; round++) {
        const health = await fetch(`${server.url}/health`);
        expect(await health.json()).toEqual({ status: 'ok' });
        const ping = await fetch(`${server.url}/metadata-ping`);
        expect(await ping.json()).toEqual({ ok: 1 });
        expect({ round, queryEnded }).toEqual({ round, queryEnded: false });
      }
      // Still running after every answer: end it (PGlite is only stopped by restarting its process).
      expect(queryEnded).toBe(false);
      await runtime.restartEmbeddedExamples();
      expect(await heavy).toBe('ended by the restart');
    } finally {
      await reader.end().catch(() => undefined);
    }
  }, 180_000);
});
