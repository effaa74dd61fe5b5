/**
 * Audit at scale (issue 13 item 6): with 1,000,000 events in the log (scale-log.ts), a page of the audit
 * view filtered by actor or by object, `GET /api/v1/audit/?q=(actor:<id>,page_size:25)` and
 * `?q=(object:(type:chart,id:<id>),page_size:25)` as an admin through the real server, against the raw
 * indexed SQL query of the same 25 rows through a `pg` client, request by request in the same run.
 * Target: p95 at most 200 ms through the API. Each request names another actor or chart (the 200 users,
 * 100 of the 15,000 charts), so no answer is simply the last one again; the chart with 10,000 events is
 * asked the same page every time.
 */
import { Client } from 'pg';
import { interleaveLatency, machineLoad, verdict, type Latency } from './latency';
import { environment } from './measure';
import { describeScaleLog, withScaleLog, type ScaleLog } from './scale-log';

/** p95 of a filtered audit page through the API, at most (ms). */
export const AUDIT_P95_TARGET_MS = 200;

export interface AuditScaleOptions {
  requests: number;
}

const COLUMNS = 'position, id, stream, version, type, data, meta';

interface Case {
  name: string;
  q: (i: number) => string;
  raw: (i: number) => [string, unknown[]];
}

/**
 * The hand-written queries: newest first on the indexes the audit migration made. For an object, its
 * stream's newest 25 and the newest 25 user-log entries naming it, merged: each an index scan.
 */
function cases(log: ScaleLog, actorColumn: string): Case[] {
  const actor = (i: number) => log.users[i % log.users.length]!;
  const chart = (i: number) => log.chartBase + ((i * 149 + 7) % log.charts);
  const objectSql = `SELECT ${COLUMNS} FROM (
      (SELECT ${COLUMNS} FROM events WHERE stream = $1 ORDER BY position DESC LIMIT 25)
      UNION ALL
      (SELECT ${COLUMNS} FROM events WHERE type = 'platform/userEventLogged' AND data->>'slice_id' = $2
        ORDER BY position DESC LIMIT 25)
    ) page ORDER BY position DESC LIMIT 25`;
  return [
    {
      name: 'actor',
      q: (i) => `(actor:${actor(i)},page_size:25)`,
      raw: (i) => [
        `SELECT ${COLUMNS} FROM events WHERE ${actorColumn} = $1 ORDER BY position DESC LIMIT 25`,
        [String(actor(i))],
      ],
    },
    {
      name: 'object (a chart of 50 events)',
      q: (i) => `(object:(type:chart,id:${chart(i)}),page_size:25)`,
      raw: (i) => [objectSql, [`chart:${chart(i)}`, String(chart(i))]],
    },
    {
      name: `object (the chart of ${log.hotChart.events.toLocaleString('en')} events)`,
      q: () => `(object:(type:chart,id:${log.hotChart.id}),page_size:25)`,
      raw: () => [objectSql, [`chart:${log.hotChart.id}`, String(log.hotChart.id)]],
    },
  ];
}

export async function benchAuditScale(options: AuditScaleOptions): Promise<Record<string, unknown>> {
  return withScaleLog(async ({ url, dbUrl, server, log, filledNow, admin }) => {
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    try {
      // The audit migration indexes a stored copy of meta->>'actor' when it has one, else the expression.
      const hasColumn = await db.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'events' AND column_name = 'actor'`,
      );
      const actorColumn = hasColumn.rowCount === 1 ? 'actor' : `meta->>'actor'`;
      const page = async (q: string) => {
        const res = await fetch(`${url}/api/v1/audit/?q=${encodeURIComponent(q)}`, { headers: admin });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`audit ${q} answered ${res.status}: ${text.slice(0, 300)}`);
        return JSON.parse(text) as { count: number; result: { position: number }[] };
      };
      const raw = async ([sql, params]: [string, unknown[]]) =>
        (await db.query(sql, params)).rows as { position: string }[];

      const results = [];
      for (const c of cases(log, actorColumn)) {
        // The same rows on both sides.
        for (const i of [0, 1, 2]) {
          const [api, sql] = [await page(c.q(i)), await raw(c.raw(i))];
          const a = api.result.map((r) => Number(r.position)).join();
          const b = sql.map((r) => Number(r.position)).join();
          if (a !== b || sql.length !== 25)
            throw new Error(`${c.name}: the API's page ${a} is not the raw query's ${b}`);
        }
        const matching = (await page(c.q(0))).count;
        const timed = await interleaveLatency(options.requests, 5, {
          subject: (i) => page(c.q(i)),
          baseline: (i) => raw(c.raw(i)),
        });
        results.push({ name: c.name, matching, ...ratios(timed.subject, timed.baseline) });
      }
      const met = results.every((r) => r.subject.p95 <= AUDIT_P95_TARGET_MS);
      const load = machineLoad();
      console.log(
        `\nAudit at scale (${log.events.toLocaleString('en')} events; ${options.requests} requests per case after 5 warm-up, ` +
          `interleaved; PostgreSQL at ${server}; load average ${load}; log ${describeScaleLog(log, filledNow)})`,
      );
      for (const r of results)
        console.log(
          `  ${r.name} (${r.matching.toLocaleString('en')} matching): API p50 ${r.subject.p50} ms, p95 ${r.subject.p95} ms ` +
            `vs raw SQL p50 ${r.baseline.p50} ms, p95 ${r.baseline.p95} ms; ratio p50 ${r.ratioP50}, p95 ${r.ratioP95}; ` +
            `target p95 <= ${AUDIT_P95_TARGET_MS} ms ${verdict(r.subject.p95 <= AUDIT_P95_TARGET_MS)}`,
        );
      if (!met) process.exitCode = 1;
      return {
        environment: environment(),
        load,
        database: server,
        events: log.events,
        filledNow,
        fillMs: log.fillMs,
        requests: options.requests,
        targetP95Ms: AUDIT_P95_TARGET_MS,
        meetsTarget: met,
        cases: results,
      };
    } finally {
      await db.end();
    }
  });
}

export function ratios(subject: Latency, baseline: Latency) {
  return {
    subject,
    baseline,
    ratioP50: Number((subject.p50 / baseline.p50).toPrecision(3)),
    ratioP95: Number((subject.p95 / baseline.p95).toPrecision(3)),
  };
}
