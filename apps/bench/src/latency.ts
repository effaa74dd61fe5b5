/**
 * Latency of single requests, Strata's and the raw baseline's interleaved request by request (the order
 * alternating), so the load of a shared machine falls on both alike; p50 and p95 of each side.
 */
import { loadavg } from 'node:os';
import { round } from './measure';

export interface Latency {
  p50: number;
  p95: number;
  max: number;
  runs: number[];
}

export function latency(runs: number[]): Latency {
  const sorted = [...runs].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
  return { p50: at(0.5), p95: at(0.95), max: round(sorted[sorted.length - 1]!), runs: runs.map((r) => round(r)) };
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Runs `requests` rounds (after `warmUp` untimed ones) of both sides on the same input `i`. */
export async function interleaveLatency(
  requests: number,
  warmUp: number,
  sides: { subject: (i: number) => Promise<unknown>; baseline: (i: number) => Promise<unknown> },
): Promise<{ subject: Latency; baseline: Latency }> {
  for (let i = 0; i < warmUp; i += 1) {
    await sides.subject(requests + i);
    await sides.baseline(requests + i);
  }
  const subject: number[] = [];
  const baseline: number[] = [];
  const timed = async (work: () => Promise<unknown>, into: number[]) => {
    const start = now();
    await work();
    into.push(now() - start);
  };
  for (let i = 0; i < requests; i += 1) {
    if (i % 2 === 0) {
      await timed(() => sides.subject(i), subject);
      await timed(() => sides.baseline(i), baseline);
    } else {
      await timed(() => sides.baseline(i), baseline);
      await timed(() => sides.subject(i), subject);
    }
  }
  return { subject: latency(subject), baseline: latency(baseline) };
}

/** The machine's load averages (1, 5, 15 min), as `uptime` prints them: other jobs share the cores. */
export function machineLoad(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

export function verdict(met: boolean): string {
  return met ? 'MET' : 'NOT MET';
}
