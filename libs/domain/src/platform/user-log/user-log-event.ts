import type { EventLike } from '@strata/events';
import { z } from 'zod';

/** sqllab-and-platform §7: the two kinds of logged event, and the log format's version. */
export const UserLogEventType = { USER: 'user', TIMING: 'timing' } as const;
export type UserLogEventType = (typeof UserLogEventType)[keyof typeof UserLogEventType];
export const USER_LOG_VERSION = 'v2' as const;

/** Where an event happened; a dashboard or a chart also goes into the request's query string. */
export const UserLogSource = { DASHBOARD: 'dashboard', CHART: 'chart', SQL_LAB: 'sqlLab', EXPLORE: 'explore' } as const;

const id = z.union([z.number().int(), z.string().max(256)]);
const text = (max: number) => z.string().max(max).nullish();

/** sqllab-and-platform §3 User-log event. */
export interface UserLogEventFields {
  event_name: string;
  /** Milliseconds since the epoch, from the client's clock. */
  ts: number;
  event_type: UserLogEventType;
  version: typeof USER_LOG_VERSION;
  source?: string | null;
  source_id?: number | string | null;
  impression_id?: string | null;
  event_id?: string | null;
  /** The page's visibility when the event happened ('visible' or 'hidden'). */
  visibility?: string | null;
  trigger_event?: string | null;
  target_id?: number | string | null;
  target_name?: string | null;
  db_id?: number | null;
  schema?: string | null;
}
/** Other members (durations, chart ids, ...) may ride along as JSON. */
export type UserLogEvent = UserLogEventFields & { [extra: string]: unknown };

/**
 * The named fields are checked; other members are kept when they are JSON, since what is worth
 * logging grows with the product.
 */
export const userLogEventSchema: z.ZodType<UserLogEvent> = z
  .object({
    event_name: z.string().min(1).max(256),
    ts: z.number().finite().nonnegative(),
    event_type: z.enum([UserLogEventType.USER, UserLogEventType.TIMING]),
    version: z.literal(USER_LOG_VERSION),
    source: text(64),
    source_id: id.nullish(),
    impression_id: text(128),
    event_id: text(128),
    visibility: text(32),
    trigger_event: text(128),
    target_id: id.nullish(),
    target_name: text(1024),
    db_id: z.number().int().nullish(),
    schema: text(1024),
  })
  .catchall(z.json());

/** The most events one request may carry: one client batch. */
export const USER_LOG_MAX_EVENTS_PER_REQUEST = 1024;

/**
 * Body of `POST /strata/log/`. A beacon sent as a form carries `events` as JSON text, so text is
 * parsed first; anything else about the body must be exact.
 */
export const userLogBodySchema = z.strictObject({
  events: z.preprocess(
    (value) => (typeof value === 'string' ? parseJsonOr(value) : value),
    z.array(userLogEventSchema).min(1).max(USER_LOG_MAX_EVENTS_PER_REQUEST),
  ),
  guest_token: z.string().min(1).max(4096).optional(),
});
export type UserLogBody = z.infer<typeof userLogBodySchema>;

/** Query string of `POST /strata/log/`: explode=events plus the dashboard or chart the events are about. */
export const userLogQuerySchema = z.object({
  explode: z.literal('events').optional(),
  dashboard_id: z.coerce.number().int().positive().optional(),
  slice_id: z.coerce.number().int().positive().optional(),
});
export type UserLogQuery = z.infer<typeof userLogQuerySchema>;

export type NewUserLogEvent = Omit<UserLogEventFields, 'version' | 'event_type'> & {
  event_type?: UserLogEventType;
  [extra: string]: unknown;
};

/** A user-log event with the format's version; ts and ids come from the caller (no clock here). */
export function userLogEvent(fields: NewUserLogEvent): UserLogEvent {
  return { event_type: UserLogEventType.USER, ...fields, version: USER_LOG_VERSION };
}

export const USER_LOG_PATH = '/strata/log/';

/** sqllab-and-platform §7: the log URL, with explode=events and dashboard_id or slice_id for those sources. */
export function userLogPath(event: Pick<UserLogEvent, 'source' | 'source_id'>, basePath = USER_LOG_PATH): string {
  const { source, source_id: sourceId } = event;
  const path = `${basePath}?explode=events`;
  if (sourceId === null || sourceId === undefined || sourceId === '') return path;
  const target = encodeURIComponent(String(sourceId));
  if (source === UserLogSource.DASHBOARD) return `${path}&dashboard_id=${target}`;
  if (source === UserLogSource.CHART) return `${path}&slice_id=${target}`;
  return path;
}

/** How the server stores what it accepted: one event per logged event, in stream `userlog:<userId>`. */
export const USER_EVENT_LOGGED = 'platform/userEventLogged' as const;
export type UserLogStoredEvent = EventLike<
  typeof USER_EVENT_LOGGED,
  { event: UserLogEvent; dashboard_id?: number; slice_id?: number; guest: boolean }
>;

export const userLogStream = (userId: number | string) => `userlog:${userId}`;

/**
 * One stored event per logged event (what explode=events asks for; the server always explodes so
 * each event can be queried on its own).
 */
export function explodeUserLog(body: UserLogBody, query: UserLogQuery): UserLogStoredEvent[] {
  return body.events.map((event) => ({
    type: USER_EVENT_LOGGED,
    data: {
      event,
      ...(query.dashboard_id !== undefined ? { dashboard_id: query.dashboard_id } : {}),
      ...(query.slice_id !== undefined ? { slice_id: query.slice_id } : {}),
      guest: body.guest_token !== undefined,
    },
  }));
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
