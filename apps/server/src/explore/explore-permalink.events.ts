/**
 * An Explore permalink is a fact: `explore/permalinkCreated` on `explore_permalink:<key>` (written once),
 * projected into `key_value` with its own resource name. The random key is what lets someone open it.
 */
import type { EventLike } from '@strata/events';
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
