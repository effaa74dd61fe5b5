/**
 * A shared SQL Lab link is a fact (sqllab-and-platform §7 Permalinks): `sqllab/permalinkCreated` on
 * `sqllab_permalink:<key>`, one stream per key, written once. The key is random and unguessable: knowing
 * it is what lets someone open the link. The key comes in on the command (no randomness in the domain).
 */
import type { EventLike } from '@strata/events';

/** What the link reopens: the tab's database, SQL and settings (Superset's SqlLabPermalinkSchema). */
export interface SqlLabPermalinkState {
  dbId: number;
  sql: string;
  name?: string | null;
  schema?: string | null;
  catalog?: string | null;
  autorun?: boolean | null;
  templateParams?: string | Record<string, unknown> | null;
}

export type SqlLabPermalinkCreated = EventLike<'sqllab/permalinkCreated', { key: string; state: SqlLabPermalinkState }>;
export type SqlLabPermalinkEvent = SqlLabPermalinkCreated;

export const SQLLAB_PERMALINK_EVENTS = [
  'sqllab/permalinkCreated',
] as const satisfies readonly SqlLabPermalinkEvent['type'][];
export const SQLLAB_PERMALINK_RESOURCE = 'sqllab_permalink';
export const sqlLabPermalinkStream = (key: string) => `${SQLLAB_PERMALINK_RESOURCE}:${key}`;
/** A key as the server hands it out: url-safe, long enough that nobody guesses it. */
export const SQLLAB_PERMALINK_KEY = /^[A-Za-z0-9_-]{16,64}$/;
