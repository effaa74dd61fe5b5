/**
 * An Explore permalink is a fact written once (charts-dashboards-reports §7 POST /api/v1/explore/permalink): the form data and URL
 * parameters under a random key, on `explore_permalink:<key>`, projected into `key_value` under the same
 * resource name. The random key is what lets someone open it; reading it needs access to its dataset.
 */
import { DomainError, type Decider, type EventLike } from '@strata/events';
import { z } from 'zod';

export const explorePermalinkStateSchema = z.object({
  formData: z
    .record(z.string(), z.unknown())
    .refine((f) => typeof f.datasource === 'string' || typeof f.slice_id === 'number', {
      message: 'formData needs its datasource or slice_id',
    }),
  urlParams: z
    .union([
      z.array(z.tuple([z.string().max(200), z.string().max(10_000)])).max(100),
      z.record(z.string(), z.string().max(10_000)),
    ])
    .nullish(),
});
export type ExplorePermalinkState = z.output<typeof explorePermalinkStateSchema>;

export type ExplorePermalinkCreated = EventLike<
  'explore/permalinkCreated',
  { key: string; state: ExplorePermalinkState }
>;
export const EXPLORE_PERMALINK_EVENTS = [
  'explore/permalinkCreated',
] as const satisfies readonly ExplorePermalinkCreated['type'][];
export const EXPLORE_PERMALINK_RESOURCE = 'explore_permalink';
export const explorePermalinkStream = (key: string) => `${EXPLORE_PERMALINK_RESOURCE}:${key}`;

export interface CreateExplorePermalink {
  type: 'CreateExplorePermalink';
  data: ExplorePermalinkCreated['data'];
}

/** State: whether the key is taken. A key is written once: a second write under it is refused. */
export const explorePermalinkDecider: Decider<boolean, ExplorePermalinkCreated, CreateExplorePermalink, void> = {
  initialState: () => false,
  evolve: () => true,
  decide(command, taken) {
    if (taken) throw new DomainError('permalink_exists', 'This permalink already exists.');
    return [{ type: 'explore/permalinkCreated', data: command.data }];
  },
};
export * from './permalink.summaries';
