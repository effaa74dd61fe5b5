/**
 * For the dashboard contexts' summary specs (issue 13): runs every summary of a context on a sample of its
 * event's data, under each given context (no earlier events, a known object...), and lists what would
 * read badly in an audit log. Pure; the specs expect the list to be empty.
 */
import type { EventLike } from '@strata/events';
import type { Summaries, SummaryContext } from '../../audit/summary';

/** One sample of each type's data, checked complete by the compiler. */
export type SummarySamples<E extends EventLike> = { readonly [K in E['type']]: Extract<E, { type: K }>['data'] };

const MAX_LENGTH = 140;

export function unreadableSummaries<E extends EventLike, S>(
  summaries: Summaries<E, S>,
  samples: SummarySamples<E>,
  contexts: readonly SummaryContext<S>[],
): string[] {
  const problems: string[] = [];
  for (const type of Object.keys(summaries.of) as E['type'][]) {
    const summary = summaries.of[type] as (data: unknown, ctx: SummaryContext<S>) => string;
    for (const ctx of contexts) {
      let text: string;
      try {
        text = summary(samples[type], ctx);
      } catch (error) {
        problems.push(`${type}: throws ${String(error)}`);
        continue;
      }
      if (typeof text !== 'string' || text.trim() === '') problems.push(`${type}: empty`);
      else if (/undefined|\[object Object\]|NaN|\bnull\b|unknown/.test(text)) problems.push(`${type}: "${text}"`);
      else if (text.length > MAX_LENGTH) problems.push(`${type}: too long (${text.length}) "${text}"`);
    }
  }
  return problems;
}
