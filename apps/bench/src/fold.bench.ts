/**
 * (b) Folding a 100,000-event log with the event log of @strata/events (snapshots every N entries,
 * undo bookkeeping) and jumping with `stateAt` to random positions, against a plain `Array.reduce` of the
 * same envelopes with the same `evolve`, in the same run. Every jump's state is checked against the
 * plain reduce, so a fast but wrong log cannot pass.
 */
import { deepStrictEqual } from 'node:assert';
import { DEFAULT_SNAPSHOT_EVERY, EventLog, type Envelope, type Fold } from '@strata/events';
import { compare, environment, print, round, time, type Comparison } from './measure';

/** Dashboard-like state: a layout of 24 components, replaced immutably as the real contexts do. */
interface Dashboard {
  moves: number;
  layout: Record<string, { x: number; y: number; w: number }>;
}
type Moved = { type: 'dashboard/componentMoved'; data: { id: string; x: number; y: number } };
const dashboard: Fold<Dashboard, Moved> = {
  initialState: () => ({ moves: 0, layout: {} }),
  evolve: (state, event) => {
    if (event.type !== 'dashboard/componentMoved') return state;
    const { id, x, y } = event.data;
    const before = state.layout[id];
    return { moves: state.moves + 1, layout: { ...state.layout, [id]: { x, y, w: before?.w ?? 4 } } };
  },
};

/** A deterministic pseudo-random sequence (mulberry32), so runs are comparable. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeLog(size: number): Envelope[] {
  const next = random(42);
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return Array.from({ length: size }, (_, i) => ({
    id: `e${i}`,
    stream: 'dashboard:1',
    version: i + 1,
    position: i + 1,
    type: 'dashboard/componentMoved',
    data: { id: `chart-${Math.floor(next() * 24)}`, x: Math.floor(next() * 12), y: Math.floor(next() * 40) },
    meta: { actor: String(1 + (i % 3)), at, batchId: `b${i}` },
  }));
}

const plainReduce = (entries: readonly Envelope[], upTo: number): Dashboard => {
  let state = dashboard.initialState();
  for (let i = 0; i < upTo; i += 1) state = dashboard.evolve(state, entries[i] as unknown as Moved);
  return state;
};

export interface FoldOptions {
  events: number;
  jumps: number;
  repeat: number;
}

export async function benchFold(options: FoldOptions): Promise<Record<string, unknown>> {
  const { events: size, jumps, repeat } = options;
  const entries = makeLog(size);
  const next = random(7);
  const positions = Array.from({ length: jumps }, () => Math.floor(next() * (size + 1)));

  let log = EventLog.from(dashboard, entries);
  const build = await time(repeat, () => {
    log = EventLog.from(dashboard, entries);
  });
  const reduceAll = await time(repeat, () => {
    plainReduce(entries, size);
  });
  deepStrictEqual(log.state, plainReduce(entries, size));

  const viaLog = await time(repeat, () => {
    for (const p of positions) log.stateAt(p);
  });
  const viaReduce = await time(repeat, () => {
    for (const p of positions) plainReduce(entries, p);
  });
  for (const p of positions) deepStrictEqual(log.stateAt(p), plainReduce(entries, p));

  const comparisons: Comparison[] = [
    compare(
      'stateAt jump vs plain reduce',
      `${jumps} jumps to random positions of a ${size}-event log: EventLog.stateAt (snapshot + short fold) vs Array reduce from the start`,
      ['stateAt', viaLog.ms / jumps],
      ['reduce', viaReduce.ms / jumps],
      {
        msPerJumpStateAt: round(viaLog.ms / jumps, 4),
        msPerJumpReduce: round(viaReduce.ms / jumps, 4),
        speedup: round(viaReduce.ms / viaLog.ms, 1),
      },
    ),
    compare(
      'full fold with snapshots vs plain reduce',
      `building an EventLog of ${size} events (undo index, a snapshot every ${DEFAULT_SNAPSHOT_EVERY} entries) vs one Array reduce`,
      ['EventLog.from', build.ms],
      ['reduce', reduceAll.ms],
    ),
  ];
  print(`Event log (${size} events, ${jumps} random jumps, median of ${repeat})`, comparisons);
  return {
    environment: environment(),
    events: size,
    jumps,
    repeat,
    snapshots: log.snapshotPositions.length,
    comparisons,
  };
}
