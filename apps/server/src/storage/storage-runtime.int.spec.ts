import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppConfig } from '../config/app-config';
import { EMBEDDED_READER_ROLE, StorageLog, StorageRuntime } from './storage-runtime';
import { processAlive as alive } from '../testing/process-alive';

function embeddedConfig(home: string): AppConfig {
  return new AppConfig(0, undefined, undefined, undefined, 'x'.repeat(40), home, undefined, undefined, 'test');
}

function recordingLog(): StorageLog & { errors: string[] } {
  const errors: string[] = [];
  return { errors, log: () => undefined, warn: () => undefined, error: (m) => void errors.push(m) };
}

async function query<T extends object = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

// Each test starts embedded PGlite databases: initdb alone takes seconds on a busy machine.
jest.setTimeout(180000);

describe('StorageRuntime, embedded mode', () => {
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'strata-storage-'));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('keeps data across a stop and a start (data under STRATA_HOME) and stops its child processes', async () => {
    const first = await StorageRuntime.start(embeddedConfig(home), recordingLog());
    const pids = first.embedded.map((db) => db.pid);
    // Stopped even when a check fails: no test leaves database processes behind.
    try {
      expect(pids.every(alive)).toBe(true);
      expect(first.embedded.map((db) => db.pid)).not.toContain(process.pid);
      await query(first.metadataUrl, 'CREATE TABLE kept (note text)');
      await query(first.metadataUrl, 'INSERT INTO kept VALUES ($1)', ['written before the restart']);
    } finally {
      await first.stop();
    }
    expect(pids.some(alive)).toBe(false);
    expect(existsSync(join(home, 'metadata', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(home, 'examples', 'PG_VERSION'))).toBe(true);

    const second = await StorageRuntime.start(embeddedConfig(home), recordingLog());
    try {
      expect(await query(second.metadataUrl, 'SELECT note FROM kept')).toEqual([
        { note: 'written before the restart' },
      ]);
    } finally {
      await second.stop();
    }
  });

  it('keeps the metadata and examples databases apart', async () => {
    const runtime = await StorageRuntime.start(embeddedConfig(home), recordingLog());
    try {
      await query(runtime.metadataUrl, 'CREATE TABLE IF NOT EXISTS only_in_metadata (x int)');
      const found = await query(runtime.examples.readerUrl, "SELECT to_regclass('only_in_metadata') AS t");
      expect(found).toEqual([{ t: null }]);
    } finally {
      await runtime.stop();
    }
  });

  it('serves the examples reader a SELECT-only, read-only-by-default session; the loader can still write', async () => {
    const runtime = await StorageRuntime.start(embeddedConfig(home), recordingLog());
    const { examples } = runtime;
    try {
      expect(examples.enforcement).toBe('session-role');
      const admin = new Client({ connectionString: examples.adminUrl });
      await admin.connect();
      await admin.query(examples.beginWriteSql);
      await admin.query('DROP TABLE IF EXISTS sample; CREATE TABLE sample (x int); INSERT INTO sample VALUES (1)');
      await admin.query(`GRANT SELECT ON sample TO ${EMBEDDED_READER_ROLE}`);
      await admin.query('COMMIT');
      await admin.end();

      expect(await query(examples.readerUrl, 'SELECT current_user AS who, count(*)::int AS n FROM sample')).toEqual([
        { who: EMBEDDED_READER_ROLE, n: 1 },
      ]);
      await expect(query(examples.readerUrl, 'INSERT INTO sample VALUES (2)')).rejects.toThrow(
        /read-only transaction|permission denied/,
      );
      await expect(query(examples.readerUrl, 'BEGIN READ WRITE; INSERT INTO sample VALUES (2)')).rejects.toThrow(
        /permission denied/,
      );
      await expect(query(examples.readerUrl, 'BEGIN READ WRITE; CREATE TABLE mine (x int)')).rejects.toThrow(
        /permission denied/,
      );
      // The writer's role switch ended with its transaction.
      expect(await query(examples.readerUrl, 'SELECT current_user AS who')).toEqual([{ who: EMBEDDED_READER_ROLE }]);
    } finally {
      await runtime.stop();
    }
  });

  it('refuses to open a data folder another process is using', async () => {
    const runtime = await StorageRuntime.start(embeddedConfig(home), recordingLog());
    try {
      await expect(StorageRuntime.start(embeddedConfig(home), recordingLog())).rejects.toThrow(
        /in use by another Strata process/,
      );
      // The refused start left the running databases alone.
      expect(await query(runtime.metadataUrl, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await runtime.stop();
    }
  });

  it('refuses connections to the metadata and examples ports without the password kept in STRATA_HOME', async () => {
    const runtime = await StorageRuntime.start(embeddedConfig(home), recordingLog());
    try {
      for (const db of runtime.embedded) {
        const anyone = new Client({ host: '127.0.0.1', port: db.port, user: 'postgres', database: 'postgres' });
        anyone.on('error', () => undefined);
        await expect(anyone.connect()).rejects.toThrow(/password/);
        await anyone.end().catch(() => undefined);
      }
      const password = readFileSync(join(home, 'metadata.password'), 'utf8').trim();
      expect(statSync(join(home, 'metadata.password')).mode & 0o077).toBe(0);
      expect(new URL(runtime.metadataUrl).password).toBe(password);
      // The server's own URLs carry it: the metadata store and the examples reader still work.
      expect(await query(runtime.metadataUrl, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
      expect(await query(runtime.examples.readerUrl, 'SELECT current_user AS who')).toEqual([
        { who: EMBEDDED_READER_ROLE },
      ]);
    } finally {
      await runtime.stop();
    }
  });

  it('reports loudly when an embedded database dies on its own', async () => {
    const log = recordingLog();
    const runtime = await StorageRuntime.start(embeddedConfig(home), log);
    const examples = runtime.embedded.find((db) => db.name === 'examples')!;
    process.kill(examples.pid, 'SIGKILL');
    for (const deadline = Date.now() + 30_000; log.errors.length === 0 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 50));
    expect(log.errors.join('\n')).toMatch(/Embedded examples database .* exited unexpectedly \(signal SIGKILL\)/);
    await runtime.stop();
  });
});
