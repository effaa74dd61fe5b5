/**
 * Timing entries of the user log (sqllab-and-platform §7, event type `timing`): how long a chart's data
 * took, how long it took to draw, how long a dashboard took to open and a SQL Lab run to finish. A page's
 * facts (its store's `recorded$`) are read as marks on the page's performance clock, and the marks are
 * folded: a start, then laps and an end that each log the time since the previous mark. What is being
 * timed lives in that fold, never in a closure.
 */
import { map, mergeMap, scan, type Observable, type Subscription } from 'rxjs';
import { UserLogEventType } from '@strata/domain';
import type { UserLog, UserLogEntry } from './user-log';

/** What a timing entry measured, in milliseconds on the page's clock (Superset's names). */
export interface Measured {
  duration: number;
  start_offset: number;
}

export type TimingMark =
  /** Something began: its clock starts (again). */
  | { kind: 'start'; key: string }
  /** A step ended and the next begins: logs the time since the last mark. */
  | { kind: 'lap'; key: string; entry: (measured: Measured) => UserLogEntry }
  /** The last step ended: logs the time since the last mark and forgets the key. */
  | { kind: 'end'; key: string; entry: (measured: Measured) => UserLogEntry }
  /** It will not finish (failed, stopped, replaced): nothing is logged. */
  | { kind: 'drop'; key: string };

export interface TimingState {
  /** Each running key's last mark, on the page's clock. */
  readonly marks: Readonly<Record<string, number>>;
  /** What the last mark logged. */
  readonly out: readonly UserLogEntry[];
}

export const initialTimingState = (): TimingState => ({ marks: {}, out: [] });

/** The fold: pure and total (a lap or end without a start logs nothing). */
export function foldTiming(state: TimingState, { mark, at }: { mark: TimingMark; at: number }): TimingState {
  const { [mark.key]: since, ...others } = state.marks;
  switch (mark.kind) {
    case 'start':
      return { marks: { ...others, [mark.key]: at }, out: [] };
    case 'drop':
      return { marks: others, out: [] };
    case 'lap':
    case 'end': {
      if (since === undefined) return { marks: state.marks, out: [] };
      const measured = { duration: Math.max(0, Math.round(at - since)), start_offset: Math.round(since) };
      const entry = { ...mark.entry(measured), ...measured, event_type: UserLogEventType.TIMING };
      return { marks: mark.kind === 'lap' ? { ...others, [mark.key]: at } : others, out: [entry] };
    }
    default: {
      const unknown: never = mark;
      return unknown;
    }
  }
}

/** The page's high-resolution clock (milliseconds since the page started). */
export const performanceClock = (): number => performance.now();

/**
 * Logs the timings of a store's recorded facts: `markOf` reads a fact as marks (or null), the clock is
 * read as each fact arrives, and each measured entry goes to the user log.
 */
export function logTimings<T>(
  recorded$: Observable<T>,
  markOf: (fact: T) => TimingMark | readonly TimingMark[] | null,
  userLog: Pick<UserLog, 'log'>,
  clock: () => number = performanceClock,
): Subscription {
  return recorded$
    .pipe(
      mergeMap((fact) => {
        const marks = markOf(fact);
        return marks === null ? [] : Array.isArray(marks) ? marks : [marks as TimingMark];
      }),
      map((mark) => ({ mark, at: clock() })),
      scan(foldTiming, initialTimingState()),
      mergeMap((state) => state.out),
    )
    .subscribe((entry) => userLog.log(entry));
}

/** Superset's load_chart fields from a chart data answer: whether it came from the cache, its row count. */
export function chartDataFacts(queriesResponse: readonly unknown[]): { is_cached: boolean; row_count: number | null } {
  const answers = queriesResponse as readonly { is_cached?: unknown; rowcount?: unknown }[];
  const counts = answers.map((a) => a?.rowcount).filter((n): n is number => typeof n === 'number');
  return {
    is_cached: answers.length > 0 && answers.every((a) => a?.is_cached === true),
    row_count: counts.length > 0 ? counts.reduce((a, b) => a + b, 0) : null,
  };
}
