/**
 * A log of 1,000,000 events for the scale benchmarks (issue 13 item 6: audit-scale, as-of-scale), served
 * by the real server (the whole AppModule, as bench-server.ts boots it).
 *
 * The log: 200 users made through the API; 15,000 charts of 50 events each (chartCreated, then renames,
 * params, viz type and description changes) and 5,000 dashboards of 30 (dashboardCreated, renames, CSS,
 * colour scheme); 100,000 user-log entries (chart loads and dashboard mounts naming those objects), every
 * event by one of the users; and one chart with 10,000 events (renames and params changes, one intent per
 * append) whose appends are spread over the whole fill. The synthetic events are INSERTed with
 * `generate_series` straight into `events`, which only a benchmark may do (the store's append is measured
 * by event-store-append); their payloads have the domain's shapes (the chart and dashboard creations copy
 * those the API just wrote), so the upcasters, folds and summaries read them as they read real ones. The
 * hot chart's events go through the store's real append, so its read model row is today's.
 *
 * Filling takes minutes, so the databases are kept (`strata_bench_scale`, `strata_bench_scale_examples`)
 * and reused while a marker in them matches this fill's version and every migration it was filled under is
 * unchanged (their code, hashed; migrations added since are applied by the server's start); otherwise they are
 * dropped and filled again. BENCH_SCALE_REFILL=1 forces a refill;
 * BENCH_SCALE_DROP=1 drops them after the run.
 */
import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ChartFields } from '@strata/domain';
import { Client } from 'pg';
import { DatabasesService } from 'server/dist/databases/databases.service';
import { EventStore } from 'server/dist/event-store/event-store.port';
import { loadExamples } from 'server/dist/examples/load/load-examples';
import { registerExamplesDatabase } from 'server/dist/examples/register/register-examples';
import { DATASETS } from 'server/dist/examples/source/datasets';
import { ExamplesDatabase } from 'server/dist/storage/examples-database';
import { readerRoleName } from 'server/dist/storage/external-examples';
import { migrations } from 'server/dist/storage/migrations';
import { BENCH_ADMIN, serverEnvironment, startServer } from './bench-server';
import { round } from './measure';

/** Raise it when the fill below changes: kept databases of an older fill are filled again. */
const FILL_VERSION = 2;

export const SCALE = {
  events: 1_000_000,
  users: 200,
  charts: 15_000,
  chartEvents: 50,
  dashboards: 5_000,
  dashboardEvents: 30,
  userLogEntries: 100_000,
  hotChartEvents: 10_000,
} as const;

/** Ids of the synthetic charts and dashboards: far above what the read models hand out here. */
const CHART_BASE = 100_000;
const DASHBOARD_BASE = 200_000;
/** The INSERT runs in this many chunks, with the hot chart's appends in between. */
const CHUNKS = 100;

const META_DB = 'strata_bench_scale';
const EXAMPLES_DB = 'strata_bench_scale_examples';
const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScaleLog {
  /** User ids of the 200 users, in creation order. */
  users: number[];
  /** The chart with 10,000 events (a read model row exists: it was made through the API). */
  hotChart: { id: number; events: number };
  chartBase: number;
  charts: number;
  events: number;
  /** How long filling took when this log was filled (ms), and when. */
  fillMs: number;
  filledAt: string;
}

/** How the run got its log, for the benchmarks' headline: "filled now in 512.3 s" or "kept from <when> (...)". */
export function describeScaleLog(log: ScaleLog, filledNow: boolean): string {
  const took = `${round(log.fillMs / 1000, 1)} s`;
  return filledNow ? `filled now in ${took}` : `kept from ${log.filledAt} (filled in ${took})`;
}

interface Marker extends ScaleLog {
  version: number;
  /** Each migration the fill ran, its code hashed (an older marker held one hash of them all). */
  migrations: Record<string, string> | string;
  adminPassword: string;
  secretKey: string;
}

export interface ScaleServer {
  app: NestExpressApplication;
  url: string;
  /** The metadata database's URL, for the raw queries. */
  dbUrl: string;
  server: string;
  log: ScaleLog;
  /** True when this run filled the log, false when it reused a kept one. */
  filledNow: boolean;
  /** Bearer-authenticated headers of the admin. */
  admin: Record<string, string>;
}

/** The server's migrations by name, each one's code hashed. */
function migrationHashes(): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const m of migrations as (string | { name: string; toString(): string })[]) {
    const code = String(m);
    hashes[typeof m === 'string' ? m : m.name] = createHash('sha256').update(code).digest('hex').slice(0, 16);
  }
  return hashes;
}

/**
 * Whether the kept log still fits the server: every migration it was filled under is unchanged. Added
 * migrations are no reason to refill (nine minutes): the server's start applies them to the kept
 * database, as it would to a user's.
 */
function fits(kept: Marker['migrations'], now: Record<string, string>): boolean {
  return typeof kept === 'object' && Object.entries(kept).every(([name, hash]) => now[name] === hash);
}

function dbUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL ?? LOCAL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function readMarker(): Promise<Marker | null> {
  const exists = await withClient(process.env.DATABASE_URL ?? LOCAL, async (c) => {
    const found = await c.query(`SELECT datname FROM pg_database WHERE datname = ANY($1)`, [[META_DB, EXAMPLES_DB]]);
    return found.rowCount === 2;
  });
  if (!exists) return null;
  return withClient(dbUrl(META_DB), async (c) => {
    const table = await c.query(`SELECT to_regclass('bench_scale_marker') AS t`);
    if (table.rows[0].t === null) return null;
    const found = await c.query(`SELECT marker FROM bench_scale_marker`);
    return (found.rows[0]?.marker as Marker | undefined) ?? null;
  });
}

export async function dropScaleDatabases(): Promise<void> {
  await withClient(process.env.DATABASE_URL ?? LOCAL, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${META_DB}" WITH (FORCE)`);
    await c.query(`DROP DATABASE IF EXISTS "${EXAMPLES_DB}" WITH (FORCE)`);
    await c.query(`DROP ROLE IF EXISTS "${readerRoleName(EXAMPLES_DB)}"`);
  });
}

async function login(url: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN.username, password, provider: 'db' }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/** POST as the admin; every answer used here carries the new object's `id`. */
async function post(
  url: string,
  headers: Record<string, string>,
  path: string,
  body: unknown,
): Promise<{ id: number }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as { id: number };
}

/**
 * Runs `work` against the server on the kept 1,000,000-event log, filling it first when there is none
 * (or it is stale), then closes the server.
 */
export async function withScaleLog<T>(work: (server: ScaleServer) => Promise<T>): Promise<T> {
  const hashes = migrationHashes();
  let marker = process.env.BENCH_SCALE_REFILL === '1' ? null : await readMarker();
  if (marker !== null && (marker.version !== FILL_VERSION || !fits(marker.migrations, hashes))) marker = null;
  const filledNow = marker === null;
  if (filledNow) {
    await dropScaleDatabases();
    await withClient(process.env.DATABASE_URL ?? LOCAL, async (c) => {
      await c.query(`CREATE DATABASE "${META_DB}"`);
      await c.query(`CREATE DATABASE "${EXAMPLES_DB}"`);
    });
  }
  const adminPassword = marker?.adminPassword ?? `bench-${randomBytes(12).toString('base64url')}`;
  const secretKey = marker?.secretKey ?? randomBytes(32).toString('base64url');
  const url = (name: string) => ({ url: dbUrl(name), server: '', drop: async () => {} });
  const restoreEnv = serverEnvironment(url(META_DB), url(EXAMPLES_DB));
  // The kept database's admin and secret (the admin is created only on the first start).
  process.env.ADMIN_PASSWORD = adminPassword;
  process.env.SECRET_KEY = secretKey;
  let app: NestExpressApplication | undefined;
  try {
    const started = await startServer();
    app = started.app;
    const admin = await login(started.url, adminPassword);
    let log: ScaleLog;
    if (marker === null) {
      log = await fill(started.app, started.url, admin);
      const written: Marker = { ...log, version: FILL_VERSION, migrations: hashes, adminPassword, secretKey };
      await withClient(dbUrl(META_DB), async (c) => {
        await c.query(`CREATE TABLE bench_scale_marker (marker jsonb NOT NULL)`);
        await c.query(`INSERT INTO bench_scale_marker VALUES ($1)`, [JSON.stringify(written)]);
      });
    } else {
      log = marker;
    }
    const db = new URL(dbUrl(META_DB));
    return await work({
      app,
      url: started.url,
      dbUrl: dbUrl(META_DB),
      server: `${db.hostname}:${db.port || 5432}`,
      log,
      filledNow,
      admin,
    });
  } finally {
    await app?.close();
    restoreEnv();
    if (process.env.BENCH_SCALE_DROP === '1') await dropScaleDatabases();
  }
}

/** Explore's form data of a bar chart, as a chart's `params` carries it (about 1.2 kB). */
function chartParams(i: number | string, rowLimit: number | string = 100 + (Number(i) % 9_900)): string {
  return JSON.stringify({
    datasource: '1__table',
    viz_type: 'dist_bar',
    slice_id: i,
    granularity_sqla: 'ds',
    time_range: 'Last quarter',
    metrics: [
      {
        expressionType: 'SIMPLE',
        column: { column_name: 'price', type: 'DOUBLE PRECISION' },
        aggregate: 'AVG',
        label: 'AVG(price)',
        optionName: 'metric_avg_price',
      },
      { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count', optionName: 'metric_count' },
    ],
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        subject: 'origin',
        operator: 'IN',
        comparator: ['US', 'Europe'],
        clause: 'WHERE',
        filterOptionName: 'filter_origin',
      },
    ],
    groupby: ['origin', 'cylinders'],
    columns: [],
    row_limit: rowLimit,
    order_desc: true,
    contribution: false,
    color_scheme: 'supersetColors',
    show_legend: true,
    show_bar_value: false,
    rich_tooltip: true,
    bar_stacked: true,
    y_axis_format: 'SMART_NUMBER',
    x_axis_label: 'Origin',
    y_axis_label: 'Average price',
    extra_form_data: {},
    dashboards: [],
  });
}

/** The synthetic charts' params: the SQL puts the chart's id and a row limit in place of the quoted tokens. */
const PARAMS_TEMPLATE = chartParams('__SLICE__', '__ROWS__');

async function fill(app: NestExpressApplication, url: string, admin: Record<string, string>): Promise<ScaleLog> {
  const started = performance.now();
  const step = (what: string) => console.log(`  fill: ${what} (${Math.round((performance.now() - started) / 1000)} s)`);
  step('creating 200 users through the API');
  // Four at a time: each creation hashes a password, which takes most of the time.
  const users: number[] = [];
  for (let i = 0; i < SCALE.users; i += 4) {
    const created = await Promise.all(
      [i, i + 1, i + 2, i + 3].map((u) =>
        post(url, admin, '/api/v1/security/users', {
          username: `user${String(u + 1).padStart(3, '0')}`,
          password: `pw-${randomBytes(9).toString('base64url')}`,
          first_name: 'User',
          last_name: `${u + 1}`,
          email: `user${u + 1}@example.com`,
          roles: [u % 10 === 0 ? 'Admin' : u % 3 === 0 ? 'Alpha' : 'Gamma'],
        }),
      ),
    );
    users.push(...created.map((c) => Number(c.id)));
  }
  if (users.some((id) => !Number.isSafeInteger(id))) throw new Error('a created user has no id');

  step('loading the cars example and making a dataset, a dashboard and the hot chart');
  const examples = app.get(ExamplesDatabase);
  const databaseId = await registerExamplesDatabase(app.get(DatabasesService), examples);
  const loaded = await loadExamples(examples, { datasets: DATASETS.filter((d) => d.table === 'cars') });
  if (loaded.some((l) => l.state !== 'loaded')) throw new Error(`loading cars failed: ${JSON.stringify(loaded)}`);
  const dataset = await post(url, admin, '/api/v1/dataset/', {
    database: databaseId,
    schema: 'public',
    table_name: 'cars',
  });
  await post(url, admin, '/api/v1/dashboard/', { dashboard_title: 'Template dashboard' });
  const hot = await post(url, admin, '/api/v1/chart/', {
    slice_name: 'Average price by origin',
    viz_type: 'dist_bar',
    datasource_id: dataset.id,
    datasource_type: 'table',
    params: chartParams(0),
    description: 'The chart everybody edits.',
  });
  const hotId = Number(hot.id);
  if (!Number.isSafeInteger(hotId) || hotId >= CHART_BASE) throw new Error(`unexpected chart id ${hot.id}`);
  const store = app.get(EventStore);
  const db = new Client({ connectionString: dbUrl(META_DB) });
  await db.connect();
  try {
    // The creations the API just wrote are the templates of the synthetic ones (same shapes, same keys).
    const template = async (type: string) =>
      (await db.query(`SELECT data FROM events WHERE type = $1 ORDER BY position DESC LIMIT 1`, [type])).rows[0]
        .data as Record<string, unknown>;
    const chartCreated = (await template('chart/chartCreated')) as unknown as ChartFields & { id: number };
    const dashboardCreated = await template('dashboard/dashboardCreated');

    const hotPerChunk = Math.ceil((SCALE.hotChartEvents - 1) / CHUNKS);
    let hotEvents = 1;
    const chunk = SCALE.events / CHUNKS;
    step(
      `inserting ${SCALE.events.toLocaleString('en')} events in ${CHUNKS} chunks, the hot chart's appends in between`,
    );
    for (let c = 0; c < CHUNKS; c += 1) {
      await db.query(FILL_SQL, [
        c * chunk,
        (c + 1) * chunk - 1,
        users,
        JSON.stringify(chartCreated),
        JSON.stringify(dashboardCreated),
        PARAMS_TEMPLATE,
        hotId,
      ]);
      // One intent per append, as PUT /api/v1/chart/<id> writes them: mostly params changes, some
      // renames, now and then both at once.
      while (hotEvents < Math.min(SCALE.hotChartEvents, (c + 1) * hotPerChunk + 1)) {
        const i = hotEvents;
        const actor = String(users[i % 7]);
        const events =
          i % 10 === 3 && hotEvents + 2 <= SCALE.hotChartEvents
            ? [
                { type: 'chart/chartRenamed', data: { slice_name: `Average price by origin (${i})` } },
                { type: 'chart/chartParamsChanged', data: { params: chartParams(hotId, 100 + i) } },
              ]
            : i % 5 === 0
              ? [{ type: 'chart/chartRenamed', data: { slice_name: `Average price by origin (${i})` } }]
              : [{ type: 'chart/chartParamsChanged', data: { params: chartParams(hotId, 100 + i) } }];
        await store.append(`chart:${hotId}`, events, { expectedVersion: 'any', meta: { actor } });
        hotEvents += events.length;
      }
      if ((c + 1) % 10 === 0) step(`${((c + 1) * chunk).toLocaleString('en')} events`);
    }
    step('VACUUM ANALYZE events (as autovacuum would leave a table this size)');
    await db.query('VACUUM ANALYZE events');
    const fillMs = performance.now() - started;
    const [{ count }] = (await db.query(`SELECT count(*)::int AS count FROM events`)).rows;
    step(`done: ${count.toLocaleString('en')} events`);
    return {
      users,
      hotChart: { id: hotId, events: hotEvents },
      chartBase: CHART_BASE,
      charts: SCALE.charts,
      events: count,
      fillMs: Math.round(fillMs),
      filledAt: new Date().toISOString(),
    };
  } finally {
    await db.end();
  }
}

/**
 * Rows $1..$2 of the synthetic log: of every 20 consecutive rows 15 are chart events, 3 dashboard events
 * and 2 user-log entries, so every object's events are spread over the whole log as a real one's are.
 * Chart n (0-based) is `chart:<CHART_BASE + n>`, its version k comes at row about (k - 1) * 15,000 * 20 / 15;
 * dashboards and user logs likewise. $3: the user ids; $4, $5: chartCreated and dashboardCreated data to
 * copy; $6: a chart's params with the tokens "__SLICE__" and "__ROWS__" for its id and row limit; $7: the
 * hot chart's id (one in fifty chart loads is of it).
 */
const FILL_SQL = `
WITH s AS (
  SELECT g, g % 20 AS slot, g / 20 AS r FROM generate_series($1::bigint, $2::bigint) AS g
), k AS (
  SELECT g,
    CASE WHEN slot < 15 THEN 'chart' WHEN slot < 18 THEN 'dashboard' ELSE 'log' END AS kind,
    CASE WHEN slot < 15 THEN r * 15 + slot WHEN slot < 18 THEN r * 3 + slot - 15 ELSE r * 2 + slot - 18 END AS n
  FROM s
), o AS (
  SELECT g, kind, n,
    CASE kind WHEN 'chart' THEN n % ${SCALE.charts} WHEN 'dashboard' THEN n % ${SCALE.dashboards} ELSE n % ${SCALE.users} END AS obj,
    CASE kind WHEN 'chart' THEN n / ${SCALE.charts} WHEN 'dashboard' THEN n / ${SCALE.dashboards} ELSE n / ${SCALE.users} END + 1 AS v,
    now() - interval '1 day' - (${SCALE.events} - g) * interval '20 seconds' AS at
  FROM k
), e AS (
  SELECT g, at, v, n,
    -- The chart a user-log entry names: one in fifty chart loads is of the hot chart.
    CASE WHEN (n / 2) % 50 = 0 THEN $7::bigint ELSE ${CHART_BASE} + (n / 2 * 7919) % ${SCALE.charts} END AS slice,
    CASE kind
      WHEN 'chart' THEN 'chart:' || (${CHART_BASE} + obj)
      WHEN 'dashboard' THEN 'dashboard:' || (${DASHBOARD_BASE} + obj)
      ELSE 'userlog:' || ($3::int[])[(obj + 1)::int]
    END AS stream,
    CASE kind
      WHEN 'chart' THEN CASE WHEN v = 1 THEN 'chart/chartCreated'
        WHEN v % 10 IN (2, 7) THEN 'chart/chartRenamed' WHEN v % 10 = 5 THEN 'chart/vizTypeChanged'
        WHEN v % 10 = 9 THEN 'chart/chartDescribed' ELSE 'chart/chartParamsChanged' END
      WHEN 'dashboard' THEN CASE WHEN v = 1 THEN 'dashboard/dashboardCreated'
        WHEN v % 3 = 0 THEN 'dashboard/dashboardRenamed' WHEN v % 3 = 1 THEN 'dashboard/cssEdited'
        ELSE 'dashboard/colorSchemeChanged' END
      ELSE 'platform/userEventLogged'
    END AS type,
    -- The owner creates; then mostly the owner and a few colleagues edit. A user logs their own views.
    CASE kind WHEN 'log' THEN ($3::int[])[(obj + 1)::int]
      ELSE ($3::int[])[((obj * 7 + CASE WHEN v = 1 OR v % 3 = 0 THEN 0 ELSE v % 5 END) % ${SCALE.users} + 1)::int] END AS actor,
    kind, obj
  FROM o
)
INSERT INTO events (id, stream, version, type, data, meta, created_at)
SELECT gen_random_uuid(), stream, v, type,
  CASE type
    WHEN 'chart/chartCreated' THEN $4::jsonb || jsonb_build_object('id', ${CHART_BASE} + obj,
      'slice_name', 'Chart ' || (${CHART_BASE} + obj), 'owners', jsonb_build_array(actor),
      'params', replace(replace($6::text, '"__SLICE__"', (${CHART_BASE} + obj)::text), '"__ROWS__"', '1000'))
    WHEN 'chart/chartRenamed' THEN jsonb_build_object('slice_name', 'Chart ' || (${CHART_BASE} + obj) || ' v' || v)
    WHEN 'chart/vizTypeChanged' THEN jsonb_build_object('viz_type', (ARRAY['dist_bar', 'pie', 'line', 'table'])[v % 4 + 1])
    WHEN 'chart/chartDescribed' THEN jsonb_build_object('description', 'Average price by origin, as of edit ' || v || '.')
    WHEN 'chart/chartParamsChanged' THEN jsonb_build_object('params',
      replace(replace($6::text, '"__SLICE__"', (${CHART_BASE} + obj)::text), '"__ROWS__"', (v * 10)::text))
    WHEN 'dashboard/dashboardCreated' THEN $5::jsonb || jsonb_build_object('id', ${DASHBOARD_BASE} + obj,
      'dashboard_title', 'Dashboard ' || (${DASHBOARD_BASE} + obj), 'slug', NULL, 'owners', jsonb_build_array(actor))
    WHEN 'dashboard/dashboardRenamed' THEN jsonb_build_object('dashboard_title', 'Dashboard ' || (${DASHBOARD_BASE} + obj) || ' v' || v)
    WHEN 'dashboard/cssEdited' THEN jsonb_build_object('css', '.dashboard-header { color: #' || lpad(to_hex(v * 4099 % 4096), 3, '0') || '; }')
    WHEN 'dashboard/colorSchemeChanged' THEN jsonb_build_object('color_scheme', (ARRAY['supersetColors', 'bnbColors', 'googleCategory10c'])[v % 3 + 1])
    -- Entry n is about chart or dashboard (n / 2 * a prime) mod their count: each is named by a few entries.
    ELSE CASE WHEN n % 2 = 0 THEN
      -- A chart load: which chart, how long it took.
      jsonb_build_object('event', jsonb_build_object('event_name', 'load_chart', 'ts', (extract(epoch FROM at) * 1000)::bigint,
        'event_type', 'timing', 'version', 'v2', 'source', 'chart', 'source_id', slice,
        'impression_id', md5(g::text), 'visibility', 'visible', 'duration', 50 + g % 950),
        'slice_id', slice, 'duration_ms', 50 + g % 950, 'guest', false)
    ELSE
      jsonb_build_object('event', jsonb_build_object('event_name', 'mount_dashboard', 'ts', (extract(epoch FROM at) * 1000)::bigint,
        'event_type', 'user', 'version', 'v2', 'source', 'dashboard', 'source_id', ${DASHBOARD_BASE} + (n / 2 * 104729) % ${SCALE.dashboards},
        'impression_id', md5(g::text), 'visibility', 'visible'),
        'dashboard_id', ${DASHBOARD_BASE} + (n / 2 * 104729) % ${SCALE.dashboards}, 'guest', false)
    END
  END,
  jsonb_build_object('actor', actor::text, 'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'batchId', gen_random_uuid()::text),
  at
FROM e
ORDER BY g`;
