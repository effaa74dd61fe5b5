/**
 * `as_of` at scale (issue 13 item 6): with 1,000,000 events in the log (scale-log.ts), the chart with
 * 10,000 events as it was at a late position, `GET /api/v1/chart/<id>?as_of=<position>` as an admin
 * through the real server, against the raw indexed SQL query of the same events (the chart's stream up
 * to that position, a range of versions on the (stream, version) index: event-rows.ts `versionAtPosition`)
 * through a `pg` client, request by request in the
 * same run. Each request names another position among the chart's last 300 events. Target: p95 at most
 * 100 ms through the API. The first request of the freshly started server is printed apart, with how many
 * snapshots of the chart the database kept from earlier runs (none after a fill: that request folds the
 * whole chart and leaves them); so is the first request of a second server started on the same database
 * afterwards, i.e. after a restart (in this process, so with its code already compiled by V8).
 */
import { Client } from 'pg';
import { versionAtPosition } from 'server/dist/event-store/event-rows';
import { ratios } from './audit.bench';
import { interleaveLatency, latency, machineLoad, verdict } from './latency';
import { environment, round } from './measure';
import { startServer } from './bench-server';
import { describeScaleLog, withScaleLog } from './scale-log';

/** p95 of an as_of read of the 10,000-event chart through the API, at most (ms). */
export const AS_OF_P95_TARGET_MS = 100;

export interface AsOfScaleOptions {
  requests: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

export async function benchAsOfScale(options: AsOfScaleOptions): Promise<Record<string, unknown>> {
  return withScaleLog(async ({ url, dbUrl, server, log, filledNow, admin }) => {
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const stream = `chart:${log.hotChart.id}`;
      const positions = (
        await db.query(`SELECT position FROM events WHERE stream = $1 ORDER BY position`, [stream])
      ).rows.map((r: { position: string }) => Number(r.position));
      const at = (i: number) => positions[positions.length - 1 - ((i * 7) % 300)]!;
      const asOf = async (position: number) => {
        const res = await fetch(`${url}/api/v1/chart/${log.hotChart.id}?as_of=${position}`, { headers: admin });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`as_of ${position} answered ${res.status}: ${text.slice(0, 300)}`);
        return JSON.parse(text) as { result: { slice_name: string; params: string } };
      };
      const raw = async (position: number) =>
        (
          await db.query(
            `SELECT position, id, stream, version, type, data, meta FROM events
              WHERE stream = $1 AND version <= ${versionAtPosition('$1', '$2::bigint')} ORDER BY position`,
            [stream, position],
          )
        ).rows as { type: string; data: { slice_name?: string; params?: string } }[];

      const countSnapshots = async () =>
        Number((await db.query(`SELECT count(*)::int AS n FROM fold_snapshots WHERE object = $1`, [stream])).rows[0].n);
      const keptSnapshots = await countSnapshots();
      const coldStart = now();
      const cold = await asOf(at(0));
      const coldMs = now() - coldStart;
      // The same state on both sides: the last name and params among the raw rows are the API's.
      for (const i of [0, 1, 2]) {
        const [api, rows] = [i === 0 ? cold : await asOf(at(i)), await raw(at(i))];
        const last = (key: 'slice_name' | 'params') => rows.findLast((r) => r.data[key] !== undefined)?.data[key];
        if (api.result.slice_name !== last('slice_name') || api.result.params !== last('params'))
          throw new Error(`as_of ${at(i)}: the API's chart is not the fold of the raw rows`);
      }
      const folded = (await raw(at(0))).length;
      const timed = await interleaveLatency(options.requests, 5, {
        subject: (i) => asOf(at(i)),
        baseline: (i) => raw(at(i)),
      });
      const result = ratios(timed.subject, timed.baseline);
      // For scale: the plain GET of the chart today (auth, the read-right check, one SELECT, JSON), the
      // part of an as_of request that is not the past state.
      const plainRuns: number[] = [];
      for (let i = 0; i < Math.min(options.requests, 30); i += 1) {
        const start = now();
        const res = await fetch(`${url}/api/v1/chart/${log.hotChart.id}`, { headers: admin });
        await res.text();
        plainRuns.push(now() - start);
      }
      const plain = latency(plainRuns);
      // What the snapshot interval costs a request: the read of the events after a snapshot, for a few
      // intervals (object-history/past-states.ts SNAPSHOT_EVERY), the same positions for each.
      const afterSnapshot: Record<string, ReturnType<typeof latency>> = {};
      for (const events of [100, 200, 500]) {
        const runs: number[] = [];
        for (let i = 0; i < 20; i += 1) {
          const end = positions.length - 1 - ((i * 7) % 300);
          const start = now();
          await db.query(
            `SELECT position, id, stream, version, type, data, meta FROM events
              WHERE stream = $1 AND version > ${versionAtPosition('$1', '$2::bigint')}
                AND version <= ${versionAtPosition('$1', '$3::bigint')} ORDER BY position`,
            [stream, positions[end - events]!, positions[end]!],
          );
          runs.push(now() - start);
        }
        afterSnapshot[events] = latency(runs);
      }
      // A restart: a second server on the same database answers a point no request of this run named; a
      // third one's first request is the plain GET, the part of a first request that is no fold at all.
      const firstOfNewServer = async (path: string) => {
        const restarted = await startServer();
        try {
          const start = now();
          const res = await fetch(`${restarted.url}${path}`, { headers: admin });
          await res.text();
          if (res.status !== 200) throw new Error(`${path} after a restart answered ${res.status}`);
          return now() - start;
        } finally {
          await restarted.app.close();
        }
      };
      const unnamed = positions[positions.length - 302]!;
      const restartMs = await firstOfNewServer(`/api/v1/chart/${log.hotChart.id}?as_of=${unnamed}`);
      const restartPlainMs = await firstOfNewServer(`/api/v1/chart/${log.hotChart.id}`);
      const snapshots = await countSnapshots();
      const met = result.subject.p95 <= AS_OF_P95_TARGET_MS;
      const load = machineLoad();
      console.log(
        `\nas_of at scale (${log.events.toLocaleString('en')} events; the chart of ${positions.length.toLocaleString('en')} events, ` +
          `about ${folded.toLocaleString('en')} up to each point; ${options.requests} requests after 5 warm-up, interleaved; ` +
          `PostgreSQL at ${server}; load average ${load}; log ${describeScaleLog(log, filledNow)})`,
      );
      console.log(
        `  as_of: API p50 ${result.subject.p50} ms, p95 ${result.subject.p95} ms vs raw SQL p50 ${result.baseline.p50} ms, ` +
          `p95 ${result.baseline.p95} ms; ratio p50 ${result.ratioP50}, p95 ${result.ratioP95}; first request of the server ` +
          `${round(coldMs, 1)} ms (${keptSnapshots} snapshots kept before it), of a second server started after ` +
          `${round(restartMs, 1)} ms (a third one's first plain GET ${round(restartPlainMs, 1)} ms); target p95 <= ${AS_OF_P95_TARGET_MS} ms ${verdict(met)}`,
      );
      console.log(`  snapshots of the chart in the database after the run: ${snapshots}`);
      console.log(
        `  raw read of the events after a snapshot: ` +
          Object.entries(afterSnapshot)
            .map(([n, l]) => `${n} events p50 ${l.p50} ms, p95 ${l.p95} ms`)
            .join('; '),
      );
      console.log(`  the plain GET of the chart (today's row): p50 ${plain.p50} ms, p95 ${plain.p95} ms`);
      if (!met) process.exitCode = 1;
      return {
        environment: environment(),
        load,
        database: server,
        events: log.events,
        filledNow,
        fillMs: log.fillMs,
        objectEvents: positions.length,
        foldedPerRequest: folded,
        requests: options.requests,
        firstRequestMs: round(coldMs),
        snapshotsBeforeFirstRequest: keptSnapshots,
        firstRequestAfterRestartMs: round(restartMs),
        firstPlainGetAfterRestartMs: round(restartPlainMs),
        snapshotsAfter: snapshots,
        readAfterSnapshot: afterSnapshot,
        plainGet: plain,
        targetP95Ms: AS_OF_P95_TARGET_MS,
        meetsTarget: met,
        ...result,
      };
    } finally {
      await db.end();
    }
  });
}
