/**
 * What the legacy-log spec needs besides the app: the fixture written at commit 177e658 (see README.md),
 * read-model tables dumped in a stable form, and the event types today's code knows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { DataSource, EntityManager } from 'typeorm';

export type Row = Record<string, unknown>;

export interface LegacyFixture {
  commit: string;
  /** The projections registered at that commit. */
  projections: string[];
  /** Events per type, for the reader of the fixture. */
  counts: Record<string, number>;
  /** Columns where the live tables at that commit differed from a rebuild there (see README.md). */
  liveDiffersFromFold: Record<string, string[]>;
  /** Every row of `events`, all columns, in position order. */
  events: Row[];
  /** Each read-model table as the projections at that commit folded the log. */
  readModels: Record<string, Row[]>;
}

export const FIXTURE_PATH = join(__dirname, '..', 'fixtures', 'log-177e658.json');

export const loadFixture = (): LegacyFixture => JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as LegacyFixture;

/** JSON-safe, stable values: timestamps as ISO strings, object keys sorted (jsonb has no key order). */
export function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Row)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, plain(v)]),
    );
  return value;
}

/** `rows` cut down to `columns` (a column missing from a row shows as absent), sorted. */
export function project(rows: readonly Row[], columns: readonly string[]): Row[] {
  return rows
    .map((row) => Object.fromEntries(columns.filter((c) => c in row).map((c) => [c, plain(row[c])])))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

export async function tableRows(ds: DataSource | EntityManager, table: string): Promise<Row[]> {
  return (await ds.query(`SELECT * FROM ${table}`)) as Row[];
}

/**
 * The `events` columns written back as they were stored. `transaction_id` (the writing transaction's id,
 * `pg_current_xact_id()` by default) is left to its default: it names a transaction of the database the
 * fixture was made in, which means nothing in another one.
 */
export const STORED_EVENT_COLUMNS = [
  'position',
  'id',
  'stream',
  'version',
  'type',
  'data',
  'meta',
  'command_id',
  'created_at',
];

/** Inserts the fixture's rows verbatim (old types, old payloads, same positions and ids) in one transaction. */
export async function insertStoredEvents(ds: DataSource, events: readonly Row[]): Promise<void> {
  const columns = STORED_EVENT_COLUMNS.filter((c) => events.every((e) => c in e));
  await ds.transaction(async (tx) => {
    for (const event of events) {
      const values = columns.map((c) => (c === 'data' || c === 'meta' ? JSON.stringify(event[c]) : event[c]));
      await tx.query(
        `INSERT INTO events (${columns.join(', ')}) OVERRIDING SYSTEM VALUE VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        values,
      );
    }
    // Later appends (none in the spec, but any in a debugging session) continue after the fixture.
    const [{ next }] = (await tx.query(`SELECT COALESCE(max(position), 0) + 1 AS next FROM events`)) as {
      next: string;
    }[];
    await tx.query(`ALTER TABLE events ALTER COLUMN position RESTART WITH ${Number(next)}`);
  });
}

const REPO = join(__dirname, '..', '..', '..', '..', '..', '..');
const EVENT_TYPE = /^[a-z][A-Za-z0-9]*\/[a-z][A-Za-z0-9]*$/;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist' && name !== 'testing' && name !== 'legacy-log')
        yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      // An upcaster's key is the OLD type it reads: naming it there is no sign that today's code handles it.
      if (!/(^|\.)upcasters?\.tsx?$/.test(name)) yield path;
    }
  }
}

/**
 * Every `ns/name` string literal in the non-test sources of the libraries and the server, upcaster maps
 * excepted: the event types today's code declares, decides, folds or projects. An old type renamed
 * without an upcaster is in none of them.
 */
export function eventTypesInCode(): Set<string> {
  const found = new Set<string>();
  for (const dir of ['libs/events/src', 'libs/domain/src', 'apps/server/src']) {
    for (const file of sourceFiles(join(REPO, dir))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isStringLiteralLike(node) && EVENT_TYPE.test(node.text)) found.add(node.text);
        node.forEachChild(visit);
      };
      visit(source);
    }
  }
  return found;
}
