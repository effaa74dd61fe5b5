/**
 * Readable summaries of events (issue 13: the audit log says "alice renamed the chart 'Sales' to
 * 'Revenue'", never "chart/chartRenamed"). Every context writes the summaries of its own events next to
 * them (`<context>/<name>.summaries.ts`); `registry.ts` gathers them and a test fails when an event type
 * declared in libs/domain has none.
 */
import type { EventLike } from '@strata/events';

/** What a summary may read besides the event's own data. */
export interface SummaryContext<S = undefined> {
  /** Who did it, as shown to people: a username ('alice'), or 'Strata' for what the system did. */
  readonly who: string;
  /** The name of the object the event belongs to (the chart, the dashboard ...) as it was before it. */
  readonly objectName: string | undefined;
  /**
   * The context's name state before this event: the fold of the same stream's earlier events through
   * `Summaries.names`, so a summary can name what an event only refers to by id (a tab, a filter).
   * Undefined when the context keeps none, or when the caller has no earlier events (a client log slice).
   */
  readonly before: S | undefined;
}

/** The summary of each of a context's event types, checked complete by the compiler. */
export type SummaryMap<E extends EventLike, S = undefined> = {
  readonly [K in E['type']]: (data: Extract<E, { type: K }>['data'], ctx: SummaryContext<S>) => string;
};

export interface Summaries<E extends EventLike = EventLike, S = undefined> {
  /** The context, as audit filters and tests name it ('charts', 'dashboard draft'). */
  readonly context: string;
  /**
   * For contexts whose events refer to things by id: folds one stream's events (in version order) into
   * what later summaries need to name them. Pure and total, like every evolve.
   */
  readonly names?: { readonly initial: () => S; readonly evolve: (state: S, event: E) => S };
  readonly of: SummaryMap<E, S>;
}

export function defineSummaries<E extends EventLike, S = undefined>(summaries: Summaries<E, S>): Summaries<E, S> {
  return summaries;
}

const MAX_QUOTED = 60;

/** A name or value in quotes, shortened: `'Flights by origin'`. Empty or missing reads as 'untitled'. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : value == null ? '' : String(value);
  if (text === '') return "'untitled'";
  const oneLine = text.replace(/\s+/g, ' ');
  return `'${oneLine.length > MAX_QUOTED ? `${oneLine.slice(0, MAX_QUOTED - 1)}…` : oneLine}'`;
}

/** "the chart 'Sales'" when the name is known, else "the chart". */
export function the(kind: string, name: string | undefined): string {
  return name === undefined || name === '' ? `the ${kind}` : `the ${kind} ${quote(name)}`;
}

/** "1 column", "3 columns". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
