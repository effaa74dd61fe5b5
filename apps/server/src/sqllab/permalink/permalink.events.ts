/**
 * A shared SQL Lab link is a fact: `sqllab/permalinkCreated` on `sqllab_permalink:<key>` (one stream per
 * key, written once). The key is random and unguessable: knowing it is what lets someone open the link.
 */
import type { EventLike } from '@strata/events';
import { z } from 'zod';
import { coercedRecordId } from '../../common/ids';

/** What the link reopens: the tab's database, SQL and settings (Superset's SqlLabPermalinkSchema). */
export const permalinkStateSchema = z.object({
  dbId: coercedRecordId,
  sql: z.string().max(1_000_000),
  name: z.string().max(256).nullish(),
  schema: z.string().max(256).nullish(),
  catalog: z.string().max(256).nullish(),
  autorun: z.boolean().nullish(),
  templateParams: z.union([z.string().max(100_000), z.record(z.string(), z.unknown())]).nullish(),
});
export type PermalinkState = z.output<typeof permalinkStateSchema>;

export type PermalinkCreated = EventLike<'sqllab/permalinkCreated', { key: string; state: PermalinkState }>;

export const PERMALINK_EVENTS = ['sqllab/permalinkCreated'] as const satisfies readonly PermalinkCreated['type'][];
export const PERMALINK_RESOURCE = 'sqllab_permalink';
export const permalinkStream = (key: string) => `${PERMALINK_RESOURCE}:${key}`;
