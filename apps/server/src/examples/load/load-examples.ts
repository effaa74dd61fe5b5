/**
 * Loads the example datasets into the examples database, idempotently: a manifest table records each
 * table's source file and row count, and a table whose manifest matches its source and whose row count
 * matches is left alone. Anything else (new package version, a half-deleted table) is reloaded.
 */
import { Client } from 'pg';
import type { ExamplesDatabase } from '../../storage/examples-database';
import { quoteIdent } from '../../storage/pg-url';
import { planColumns } from '../source/columns';
import { DATASETS, Dataset, DatasetSource, readDataset, vegaDatasets } from '../source/datasets';
import { replaceTable } from './load-table';

/** Outside `public`, and not granted to the reader: users' queries do not see it. */
export const MANIFEST = 'strata_internal.examples_manifest';

export type TableState = 'pending' | 'loading' | 'loaded' | 'failed';

export interface TableProgress {
  table: string;
  state: TableState;
  rows: number;
  /** The source file's row count, once known. */
  expectedRows: number | null;
  /** True when the table was already complete and nothing was written. */
  skipped?: boolean;
  ms?: number;
  error?: string;
}

export interface LoadOptions {
  datasets?: readonly Dataset[];
  source?: DatasetSource;
  onProgress?: (progress: TableProgress) => void;
  /** Stops before the next table (server shutdown); the table being written commits or rolls back whole. */
  signal?: AbortSignal;
}

/** Serialises loaders across server processes sharing one examples database. */
const LOAD_LOCK = "hashtext('strata:examples-loader')";

async function inWriteTransaction<T>(client: Client, db: ExamplesDatabase, work: () => Promise<T>): Promise<T> {
  await client.query(db.beginWriteSql);
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The table's loaded row count when it is complete for this source, else null. */
async function completeRows(client: Client, table: string, source: string): Promise<number | null> {
  const manifest = await client.query<{ source: string; source_rows: number }>(
    `SELECT source, source_rows FROM ${MANIFEST} WHERE table_name = $1`,
    [table],
  );
  const entry = manifest.rows[0];
  if (!entry || entry.source !== source) return null;
  const exists = await client.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [
    `public.${quoteIdent(table)}`,
  ]);
  if (!exists.rows[0].t) return null;
  const count = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${quoteIdent(table)}`);
  return count.rows[0].n === entry.source_rows ? entry.source_rows : null;
}

export async function loadExamples(db: ExamplesDatabase, options: LoadOptions = {}): Promise<TableProgress[]> {
  const source = options.source ?? vegaDatasets();
  const datasets = options.datasets ?? DATASETS;
  const report = (p: TableProgress) => options.onProgress?.(p);
  let client = await connect(db);
  const results: TableProgress[] = [];
  try {
    await inWriteTransaction(client, db, async () => {
      await client.query(`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`);
      await client.query('CREATE SCHEMA IF NOT EXISTS strata_internal');
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${MANIFEST} (table_name text PRIMARY KEY, source text NOT NULL, ` +
          'source_rows integer NOT NULL, loaded_at timestamptz NOT NULL DEFAULT now())',
      );
    });
    for (const dataset of datasets) {
      if (options.signal?.aborted) break;
      let result = await loadOne(client, db, source, dataset, report);
      // The examples database restarted under the loader (SQL Lab's Stop or time limit does that to the
      // embedded one): a new connection waits for the new process, and the table is loaded again.
      for (let attempt = 1; result.state === 'failed' && lost.has(client) && attempt <= RECONNECTS; attempt++) {
        await client.end().catch(() => undefined);
        client = await connect(db);
        result = await loadOne(client, db, source, dataset, report);
      }
      results.push(result);
      report(result);
    }
    return results;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** How often one table is tried again on a new connection after the connection was lost. */
const RECONNECTS = 3;
/** Clients whose connection died: their next table gets a new one. */
const lost = new WeakSet<Client>();

async function connect(db: ExamplesDatabase): Promise<Client> {
  const client = new Client({ connectionString: db.adminUrl });
  // A dropped connection surfaces as the failing query's error; without a listener it would crash the process.
  client.on('error', () => lost.add(client));
  client.on('end', () => lost.add(client));
  await client.connect();
  return client;
}

async function loadOne(
  client: Client,
  db: ExamplesDatabase,
  source: DatasetSource,
  dataset: Dataset,
  report: (p: TableProgress) => void,
): Promise<TableProgress> {
  const started = Date.now();
  const sourceLabel = `${source.label}/data/${dataset.file}`;
  const done = (rows: number, skipped: boolean): TableProgress => ({
    table: dataset.table,
    state: 'loaded',
    rows,
    expectedRows: rows,
    skipped,
    ms: Date.now() - started,
  });
  try {
    const already = await inWriteTransaction(client, db, () => completeRows(client, dataset.table, sourceLabel));
    if (already !== null) return done(already, true);

    const { rows, numericStrings } = await readDataset(source, dataset);
    report({ table: dataset.table, state: 'loading', rows: 0, expectedRows: rows.length });
    const columns = await planColumns(rows, { numericStrings });
    return await inWriteTransaction(client, db, async () => {
      await client.query(`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`);
      // Another server may have loaded it while this one was parsing.
      const meanwhile = await completeRows(client, dataset.table, sourceLabel);
      if (meanwhile !== null) return done(meanwhile, true);
      await replaceTable(client, dataset.table, columns, rows, db.readerRole);
      await client.query(
        `INSERT INTO ${MANIFEST} (table_name, source, source_rows) VALUES ($1, $2, $3) ` +
          'ON CONFLICT (table_name) DO UPDATE SET source = EXCLUDED.source, source_rows = EXCLUDED.source_rows, loaded_at = now()',
        [dataset.table, sourceLabel, rows.length],
      );
      return done(rows.length, false);
    });
  } catch (error) {
    return {
      table: dataset.table,
      state: 'failed',
      rows: 0,
      expectedRows: null,
      ms: Date.now() - started,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
