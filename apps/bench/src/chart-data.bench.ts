/**
 * Chart data: an aggregate over the 200,000 rows of `flights_200k` (average delay, count and longest
 * distance per hour of departure) as a client obtains it from the real server (POST /api/v1/chart/data
 * with force: true, so the cache never answers) against the same SQL through a raw `pg` client plus
 * JSON.stringify, interleaved in the same run on the same database.
 *
 * The server is the whole AppModule booted as main.ts boots it, on scratch metadata and examples
 * databases; flights_200k is written by the server's own example loader and registered as a dataset
 * through the API, as a user of Explore finds it.
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { adminHeaders, withBenchServer } from './bench-server';
import { compare, environment, print, round } from './measure';
import { interleave, type FetchedRows } from './sqllab-client';

export interface ChartDataOptions {
  rounds: number;
}

const TABLE = 'flights_200k';

/** The query object the bench sends, and the SQL a developer would write by hand for the same chart. */
const QUERY = {
  columns: [{ label: 'hour', sqlExpression: 'FLOOR(time)' }],
  metrics: [
    { expressionType: 'SIMPLE', aggregate: 'AVG', column: { column_name: 'delay' }, label: 'avg_delay' },
    { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'flights' },
    { expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'distance' }, label: 'max_distance' },
  ],
  orderby: [['hour', true]],
  row_limit: 1000,
};
const RAW_SQL = `SELECT FLOOR(time) AS hour, AVG(delay) AS avg_delay, COUNT(*) AS flights, MAX(distance) AS max_distance
  FROM ${TABLE} GROUP BY FLOOR(time) ORDER BY FLOOR(time) LIMIT 1000`;

const now = () => Number(process.hrtime.bigint()) / 1e6;

async function chartDataClient(baseUrl: string) {
  const auth = await adminHeaders(baseUrl);
  return {
    auth,
    async chartData(datasetId: number): Promise<FetchedRows & { parts: Record<string, number> }> {
      const start = now();
      const res = await fetch(`${baseUrl}/api/v1/chart/data`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, force: true, queries: [QUERY] }),
      });
      const text = await res.text();
      const ms = now() - start;
      if (res.status !== 200) throw new Error(`chart data answered ${res.status}: ${text.slice(0, 500)}`);
      const [result] = (JSON.parse(text) as { result: { data: unknown[]; is_cached: boolean }[] }).result;
      if (result.is_cached) throw new Error('chart data answered from its cache despite force');
      return { rows: result.data.length, bytes: Buffer.byteLength(text), parts: { chartData: ms } };
    },
  };
}

async function rawAggregate(url: string): Promise<FetchedRows> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(RAW_SQL);
    const body = JSON.stringify(result.rows);
    return { rows: result.rows.length, bytes: Buffer.byteLength(body) };
  } finally {
    await client.end();
  }
}

export async function benchChartData(options: ChartDataOptions): Promise<Record<string, unknown>> {
  return withBenchServer(async ({ url, meta, examples, loadExamples }) => {
    const databaseId = await loadExamples([TABLE]);
    const client = await chartDataClient(url);
    const created = await fetch(`${url}/api/v1/dataset/`, {
      method: 'POST',
      headers: client.auth,
      body: JSON.stringify({ database: databaseId, schema: 'public', table_name: TABLE }),
    });
    if (created.status !== 201)
      throw new Error(`creating the dataset answered ${created.status}: ${await created.text()}`);
    const datasetId = ((await created.json()) as { id: number }).id;

    const { chart, raw } = await interleave(options.rounds, {
      chart: () => client.chartData(datasetId),
      raw: () => rawAggregate(examples.readerUrl),
    });
    if (chart.last.rows !== raw.last.rows)
      throw new Error(`chart data gave ${chart.last.rows} rows, raw SQL ${raw.last.rows}`);
    const comparisons = [
      compare(
        'chart data vs raw pg + JSON.stringify',
        `AVG(delay), COUNT(*), MAX(distance) by FLOOR(time) over the 200,000 rows of ${TABLE}: POST /api/v1/chart/data (force, body read in full) ` +
          `vs pg Client connect + the same SQL by hand + JSON.stringify(rows)`,
        ['chart data', chart.ms],
        ['raw pg + JSON.stringify', raw.ms],
        {
          rows: chart.last.rows,
          chartBytes: chart.last.bytes,
          rawBytes: raw.last.bytes,
          chartRuns: chart.runs.map((r) => round(r)),
          rawRuns: raw.runs.map((r) => round(r)),
        },
      ),
    ];
    print(
      `Chart data (aggregate over ${TABLE}, median of ${options.rounds} interleaved rounds after a warm-up, PostgreSQL at ${meta.server})`,
      comparisons,
    );
    return { environment: environment(), database: meta.server, table: TABLE, rounds: options.rounds, comparisons };
  });
}
