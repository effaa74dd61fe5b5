/**
 * (c) SQL Lab: 100,000 rows of `flights_200k` as a client obtains them from the real server (POST
 * /api/v1/sqllab/execute/ with queryLimit 100000, sync, then GET /api/v1/sqllab/results/ for all rows,
 * since execute's answer carries at most DISPLAY_MAX_ROW) against a raw `pg` fetch of the same rows plus
 * JSON.stringify, interleaved in the same run on the same database.
 *
 * The server is the whole AppModule booted as main.ts boots it (same HTTP shell), on scratch metadata
 * and examples databases; flights_200k is written by the server's own example loader and queried
 * through the registered `examples` database, as a user of SQL Lab does.
 */
import 'reflect-metadata';
import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';
import { Client } from 'pg';
import { BENCH_ADMIN, withBenchServer } from './bench-server';
import { compare, environment, print, round, type Comparison } from './measure';
import { interleave, sqlLabClient, type FetchedRows } from './sqllab-client';

export interface SqlLabOptions {
  rows: number;
  rounds: number;
}

const TABLE = 'flights_200k';
/** The ratio issue 3 asks for: execute + results at most 1.5 times a raw fetch + JSON.stringify. */
export const SQLLAB_TARGET_RATIO = 1.5;

/** The baseline: what a hand-written endpoint would at least do, fetch the rows with pg and serialise them. */
async function rawFetch(url: string, rows: number): Promise<FetchedRows> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(`SELECT * FROM ${TABLE} LIMIT ${rows}`);
    const body = JSON.stringify(result.rows);
    return { rows: result.rows.length, bytes: Buffer.byteLength(body) };
  } finally {
    await client.end();
  }
}

/**
 * Not part of the ratio: what the steps the server adds on top of the baseline cost on their own, on the
 * same rows (the results backend stores zlib JSON at level 1 and the results call reads it back).
 */
async function serverSteps(url: string, rows: number, repeat: number): Promise<Record<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const fetched = (await client.query(`SELECT * FROM ${TABLE} LIMIT ${rows}`)).rows as unknown[];
    const steps: Record<string, number[]> = { stringifyMs: [], deflateMs: [], inflateMs: [], parseMs: [] };
    for (let run = 0; run < repeat; run += 1) {
      let start = now();
      const json = JSON.stringify(fetched);
      steps.stringifyMs!.push(now() - start);
      start = now();
      const blob = await deflateAsync(Buffer.from(json), { level: constants.Z_BEST_SPEED });
      steps.deflateMs!.push(now() - start);
      start = now();
      const text = (await inflateAsync(blob)).toString('utf8');
      steps.inflateMs!.push(now() - start);
      start = now();
      JSON.parse(text);
      steps.parseMs!.push(now() - start);
    }
    return Object.fromEntries(
      Object.entries(steps).map(([k, v]) => [k, round([...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!)]),
    );
  } finally {
    await client.end();
  }
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);

export async function benchSqlLab(options: SqlLabOptions): Promise<Record<string, unknown>> {
  const { rows, rounds } = options;
  return withBenchServer(async (server) => {
    const { meta, examples } = server;
    const databaseId = await server.loadExamples([TABLE]);

    const client = await sqlLabClient(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const sql = `SELECT * FROM ${TABLE}`;
    const timings = await interleave(rounds, {
      sqllab: () => client.fetchAll(databaseId, sql, rows),
      raw: () => rawFetch(examples.readerUrl, rows),
    });
    const { sqllab, raw } = timings;
    const steps = await serverSteps(examples.readerUrl, rows, 3);
    const ratio = sqllab.ms / raw.ms;
    const comparisons: Comparison[] = [
      compare(
        'SQL Lab execute + results vs raw pg + JSON.stringify',
        `${rows} rows of ${TABLE}: POST /api/v1/sqllab/execute/ (sync, queryLimit ${rows}) then GET /api/v1/sqllab/results/ (rows:${rows}), ` +
          `each body read in full by the client, vs pg Client connect + SELECT ... LIMIT ${rows} + JSON.stringify(rows)`,
        ['execute + results', sqllab.ms],
        ['raw pg + JSON.stringify', raw.ms],
        {
          target: SQLLAB_TARGET_RATIO,
          meetsTarget: ratio <= SQLLAB_TARGET_RATIO,
          sqllabWallMs: round(sqllab.wallMs),
          executeMs: round(sqllab.parts.execute),
          resultsMs: round(sqllab.parts.results),
          executeRows: sqllab.last.executeRows,
          executeBytes: sqllab.last.executeBytes,
          resultsRows: sqllab.last.rows,
          resultsBytes: sqllab.last.bytes,
          rawBytes: raw.last.bytes,
          stepsOnTheSameRows: steps,
          sqllabRuns: sqllab.runs.map((r) => round(r)),
          rawRuns: raw.runs.map((r) => round(r)),
        },
      ),
    ];
    print(
      `SQL Lab (${rows} rows of ${TABLE}, median of ${rounds} interleaved rounds after a warm-up, PostgreSQL at ${meta.server})`,
      comparisons,
    );
    console.log(
      `  execute ${round(sqllab.parts.execute)} ms (${sqllab.last.executeRows} rows, ${sqllab.last.executeBytes} bytes) + results ${round(sqllab.parts.results)} ms ` +
        `(${sqllab.last.rows} rows, ${sqllab.last.bytes} bytes); raw JSON ${raw.last.bytes} bytes`,
    );
    console.log(
      `  the same rows, step by step (ms): ${Object.entries(steps)
        .map(([k, v]) => `${k.replace(/Ms$/, '')} ${v}`)
        .join(', ')}`,
    );
    console.log(`  target ratio <= ${SQLLAB_TARGET_RATIO}: ${ratio <= SQLLAB_TARGET_RATIO ? 'MET' : 'NOT MET'}`);
    return { environment: environment(), database: meta.server, table: TABLE, rows, rounds, comparisons };
  });
}
