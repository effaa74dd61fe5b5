/** Timing and reporting shared by the benchmarks. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Timing {
  /** Median of the repetitions, in milliseconds. */
  ms: number;
  runs: number[];
}

/** Runs `work` `repeat` times after one untimed warm-up and keeps the median (robust to a GC pause). */
export async function time(repeat: number, work: (run: number) => Promise<void> | void): Promise<Timing> {
  await work(-1);
  const runs: number[] = [];
  for (let run = 0; run < repeat; run += 1) {
    const start = process.hrtime.bigint();
    await work(run);
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return { ms: sorted[Math.floor(sorted.length / 2)]!, runs };
}

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

export interface Comparison {
  name: string;
  /** What is measured, against which baseline, and how much work each side does. */
  description: string;
  subject: { label: string; ms: number };
  baseline: { label: string; ms: number };
  /** subject / baseline: above 1 the subject is slower than the raw baseline by that factor. */
  ratio: number;
  extra?: Record<string, unknown>;
}

export function compare(
  name: string,
  description: string,
  subject: [string, number],
  baseline: [string, number],
  extra?: Record<string, unknown>,
): Comparison {
  return {
    name,
    description,
    subject: { label: subject[0], ms: round(subject[1]) },
    baseline: { label: baseline[0], ms: round(baseline[1]) },
    ratio: Number((subject[1] / baseline[1]).toPrecision(3)),
    ...(extra ? { extra } : {}),
  };
}

export function print(title: string, comparisons: Comparison[]): void {
  console.log(`\n${title}`);
  for (const c of comparisons) {
    const reading = c.ratio < 1 ? `${Number((1 / c.ratio).toPrecision(3))}x faster` : `${c.ratio}x the baseline's time`;
    console.log(
      `  ${c.name}: ratio ${c.ratio} (${reading}; ${c.subject.label} ${c.subject.ms} ms vs ${c.baseline.label} ${c.baseline.ms} ms)`,
    );
  }
}

/** apps/bench/results/<name>.json (git-ignored), next to dist/ whether run from src or dist. */
export function writeResults(name: string, data: unknown): string {
  const dir = path.resolve(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export function environment(): Record<string, unknown> {
  return { node: process.version, platform: `${process.platform}-${process.arch}`, at: new Date().toISOString() };
}
