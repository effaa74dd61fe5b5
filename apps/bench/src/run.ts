/**
 * `npm run bench`: each benchmark measures Strata's way against a raw baseline in the same run and
 * prints the ratio (subject time / baseline time); results go to apps/bench/results/<name>.json.
 *
 * Environment: DATABASE_URL (a server where a scratch database may be created; default the local
 * PostgreSQL), BENCH_APPEND_EVENTS (default 500), BENCH_APPEND_ROUNDS (default 7), BENCH_LOG_EVENTS (default 100000), BENCH_REPEAT (default 3),
 * BENCH_SQLLAB_ROWS (default 100000, at most SQL_MAX_ROW), BENCH_SQLLAB_ROUNDS (default 5),
 * BENCH_DASHBOARD_CHARTS (default 30), BENCH_DASHBOARD_ROUNDS (default 3), BENCH_COEDIT_PEERS (default 50), BENCH_COEDIT_COMMANDS (default 200),
 * BENCH_SCALE_REQUESTS (default 100; audit-scale and as-of-scale keep their 1,000,000-event log between runs, see
 * scale-log.ts: BENCH_SCALE_REFILL=1, BENCH_SCALE_DROP=1),
 * BENCH_ONLY (comma-separated names of the benchmarks to run, e.g. sqllab-execute; default all).
 */
import { benchAppend } from './append.bench';
import { SQL_MAX_ROW } from '@strata/domain';
import { benchFold } from './fold.bench';
import { writeResults } from './measure';
import { benchSqlLab } from './sqllab.bench';
import { benchChartData } from './chart-data.bench';
import { benchCoedit } from './dashboard-coedit.bench';
import { benchDashboardRender } from './dashboard-render.bench';
import { benchAuditScale } from './audit.bench';
import { benchAsOfScale } from './as-of.bench';

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  'event-log-fold': () =>
    benchFold({ events: setting('BENCH_LOG_EVENTS', 100_000), jumps: 50, repeat: setting('BENCH_REPEAT', 3) }),
  'event-store-append': () =>
    benchAppend({
      events: setting('BENCH_APPEND_EVENTS', 500),
      streams: 50,
      writers: 8,
      rounds: setting('BENCH_APPEND_ROUNDS', 7),
    }),
  'chart-data': () => benchChartData({ rounds: setting('BENCH_CHART_ROUNDS', 7) }),
  'dashboard-render': () =>
    benchDashboardRender({
      charts: setting('BENCH_DASHBOARD_CHARTS', 30),
      rounds: setting('BENCH_DASHBOARD_ROUNDS', 3),
    }),
  'dashboard-coedit-latency': () =>
    benchCoedit({ peers: setting('BENCH_COEDIT_PEERS', 50), commands: setting('BENCH_COEDIT_COMMANDS', 200) }),
  'audit-scale': () => benchAuditScale({ requests: setting('BENCH_SCALE_REQUESTS', 100) }),
  'as-of-scale': () => benchAsOfScale({ requests: setting('BENCH_SCALE_REQUESTS', 100) }),
  'sqllab-execute': () =>
    benchSqlLab({
      rows: Math.min(setting('BENCH_SQLLAB_ROWS', 100_000), SQL_MAX_ROW),
      rounds: setting('BENCH_SQLLAB_ROUNDS', 5),
    }),
};

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = only?.filter((n) => !(n in BENCHMARKS)) ?? [];
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  for (const [name, run] of Object.entries(BENCHMARKS)) {
    if (only && !only.includes(name)) continue;
    console.log(`  -> ${writeResults(name, await run())}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
