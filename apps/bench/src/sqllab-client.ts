/**
 * What a SQL Lab client does to obtain N rows over HTTP, and an interleaved timer so the subject and the
 * baseline share the same machine conditions (the 2 cores are shared; a burst of load hits both sides).
 */
import { randomBytes } from 'node:crypto';

export interface FetchedRows {
  rows: number;
  /** Size of the JSON that carried the rows (the HTTP body, or the stringified baseline). */
  bytes: number;
}

export interface SqlLabFetch extends FetchedRows {
  executeRows: number;
  executeBytes: number;
  /** Milliseconds of each HTTP call, summed into the round's time. */
  parts: { execute: number; results: number };
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

async function call(url: string, init: RequestInit): Promise<{ status: number; text: string }> {
  const res = await fetch(url, init);
  // The whole body as the client receives it; parsing is the client's own work and is checked untimed.
  return { status: res.status, text: await res.text() };
}

export async function sqlLabClient(baseUrl: string, username: string, password: string) {
  const login = await call(`${baseUrl}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, provider: 'db' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const auth = { authorization: `Bearer ${(JSON.parse(login.text) as { access_token: string }).access_token}` };

  return {
    /** POST execute (sync), then GET results for every row: execute's data stops at DISPLAY_MAX_ROW. */
    async fetchAll(databaseId: number, sql: string, rows: number): Promise<SqlLabFetch> {
      const client_id = randomBytes(8).toString('base64url').slice(0, 11);
      const t0 = now();
      const executed = await call(`${baseUrl}/api/v1/sqllab/execute/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          database_id: databaseId,
          sql,
          client_id,
          queryLimit: rows,
          runAsync: false,
          sql_editor_id: 'bench',
          tab: 'bench',
        }),
      });
      const t1 = now();
      if (executed.status !== 200)
        throw new Error(`execute answered ${executed.status}: ${executed.text.slice(0, 500)}`);
      const answer = JSON.parse(executed.text) as {
        status: string;
        data: unknown[];
        query: { resultsKey: string | null };
      };
      if (answer.status !== 'success' || !answer.query.resultsKey)
        throw new Error(`execute did not succeed: ${executed.text.slice(0, 500)}`);
      const t2 = now();
      // rison: (key:'...',rows:N); the key is a uuid, which needs quoting in rison (it has '-').
      const q = encodeURIComponent(`(key:'${answer.query.resultsKey}',rows:${rows})`);
      const results = await call(`${baseUrl}/api/v1/sqllab/results/?q=${q}`, { headers: auth });
      const t3 = now();
      if (results.status !== 200) throw new Error(`results answered ${results.status}: ${results.text.slice(0, 500)}`);
      const all = JSON.parse(results.text) as { data: unknown[] };
      if (all.data.length !== rows) throw new Error(`results returned ${all.data.length} rows, expected ${rows}`);
      return {
        rows: all.data.length,
        bytes: Buffer.byteLength(results.text),
        executeRows: answer.data.length,
        executeBytes: Buffer.byteLength(executed.text),
        parts: { execute: t1 - t0, results: t3 - t2 },
      };
    },
  };
}

export interface SideTiming<R> {
  /** Median over the rounds, milliseconds: the sum of the side's parts when it reports them, else wall time. */
  ms: number;
  /** Median wall time of a round, including the client's own parsing and checks between calls. */
  wallMs: number;
  runs: number[];
  last: R;
  /** Medians of the named parts, when the side reports them. */
  parts: Record<string, number>;
}

type Measured = FetchedRows & { parts?: Record<string, number> };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One untimed warm-up of each side, then `rounds` rounds running each side once, alternating which goes
 * first. A side's time is the sum of its reported parts when it has them (the HTTP calls as the client
 * sees them, body included), else its wall time; the wall time is kept too.
 */
export async function interleave<S extends Record<string, () => Promise<Measured>>>(
  rounds: number,
  sides: S,
): Promise<{ [P in keyof S]: SideTiming<Awaited<ReturnType<S[P]>>> }> {
  const names = Object.keys(sides);
  const runs = new Map(
    names.map((n) => [
      n,
      {
        total: [] as number[],
        wall: [] as number[],
        parts: {} as Record<string, number[]>,
        last: undefined as Measured | undefined,
      },
    ]),
  );
  for (const name of names) await sides[name]!();
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const start = now();
      const result = await sides[name]!();
      const wall = now() - start;
      const entry = runs.get(name)!;
      const parts = result.parts ? Object.entries(result.parts) : [];
      entry.total.push(parts.length > 0 ? parts.reduce((sum, [, ms]) => sum + ms, 0) : wall);
      entry.wall.push(wall);
      for (const [part, ms] of parts) (entry.parts[part] ??= []).push(ms);
      entry.last = result;
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const entry = runs.get(name)!;
      const parts = Object.fromEntries(Object.entries(entry.parts).map(([p, values]) => [p, median(values)]));
      return [
        name,
        { ms: median(entry.total), wallMs: median(entry.wall), runs: entry.total, last: entry.last!, parts },
      ];
    }),
  ) as { [P in keyof S]: SideTiming<Awaited<ReturnType<S[P]>>> };
}
