/**
 * For summaries specs (issue 13): every event type of a context, given one sample of its data, reads as
 * words. The samples map is typed by the union, so a new event type without a sample fails to compile.
 */
import type { EventLike } from '@strata/events';
import type { Summaries, SummaryContext } from '../summary';

export type SummarySamples<E extends EventLike> = { readonly [K in E['type']]: Extract<E, { type: K }>['data'] };

/** What a summary must never show a person reading the audit log. */
const UNREADABLE = /undefined|\[object Object\]|\bNaN\b|\bnull\b|unknown/;
const MAX_LENGTH = 130;

/**
 * Each type's summary of its sample under each context (by default: only who did it, as for a client
 * log slice with no object name and no earlier events). Returns what would read badly; specs expect none.
 */
export function unreadableSummaries<E extends EventLike, S>(
  summaries: Summaries<E, S>,
  samples: SummarySamples<E>,
  contexts: readonly Partial<SummaryContext<S>>[] = [{}],
): string[] {
  const problems: string[] = [];
  for (const type of Object.keys(summaries.of) as E['type'][]) {
    const summary = summaries.of[type] as (data: unknown, ctx: SummaryContext<S>) => string;
    for (const ctx of contexts) {
      let text: string;
      try {
        text = summary(samples[type], { who: 'alice', objectName: undefined, before: undefined, ...ctx });
      } catch (error) {
        problems.push(`${type}: throws ${String(error)}`);
        continue;
      }
      if (typeof text !== 'string' || text.trim() === '') problems.push(`${type}: empty`);
      else if (UNREADABLE.test(text)) problems.push(`${type}: "${text}"`);
      else if (text.length > MAX_LENGTH) problems.push(`${type}: too long (${text.length}) "${text}"`);
    }
  }
  return problems;
}
