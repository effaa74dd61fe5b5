import type { EventLike } from '@strata/events';
import { z } from 'zod';

/** sqllab-and-platform §7: the two kinds of logged event, and the log format's version. */
export const UserLogEventType = { USER: 'user', TIMING: 'timing' } as const;
export type UserLogEventType = (typeof UserLogEventType)[keyof typeof UserLogEventType];
export const USER_LOG_VERSION = 'v2' as const;

/** Where an event happened; a dashboard or a chart also goes into the request's query string. */
export const UserLogSource = { DASHBOARD: 'dashboard', CHART: 'chart', SQL_LAB: 'sqlLab', EXPLORE: 'explore' } as const;

/**
 * The timing entries Strata's client measures, by Superset's names (sqllab-and-platform §7 timing
 * events). Each carries `duration` and `start_offset` (milliseconds on the page's performance clock):
 * load_chart: a chart's data request (slice_id, is_cached, row_count); render_chart: from its data to the
 * drawn chart (slice_id, viz_type); mount_dashboard: from opening a dashboard to its page drawn;
 * sqllab_query: a SQL Lab run from its start to its results, failure or stop (status, row_count).
 */
export const UserLogTiming = {
  LOAD_CHART: 'load_chart',
  RENDER_CHART: 'render_chart',
  MOUNT_DASHBOARD: 'mount_dashboard',
  SQLLAB_QUERY: 'sqllab_query',
} as const;

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
  /**
   * For timing events: how long it took, in milliseconds (a chart's render or load time, a query's run
   * time), as Superset's timing events name it.
   */
  duration?: number | null;
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
    duration: z.number().finite().nonnegative().nullish(),
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
/**
 * Who an embedded guest was, from the guest token's claims (never the token itself): the name the
 * embedding host gave the viewer and the dashboards the token granted.
 */
export interface UserLogGuest {
  username: string;
  dashboard_ids: string[];
}

export type UserLogStoredEvent = EventLike<
  typeof USER_EVENT_LOGGED,
  {
    event: UserLogEvent;
    /** The dashboard or chart the entry is about: the request's query string, else the entry's own source. */
    dashboard_id?: number;
    slice_id?: number;
    /** A timing entry's duration in milliseconds, so the audit view can show and sort timings. */
    duration_ms?: number;
    guest: boolean;
    guest_user?: UserLogGuest;
  }
>;

export const userLogStream = (userId: number | string) => `userlog:${userId}`;

/**
 * One stored event per logged event (what explode=events asks for; the server always explodes so
 * each event can be queried on its own).
 */
export function explodeUserLog(body: UserLogBody, query: UserLogQuery): UserLogStoredEvent[] {
  return body.events.map((event) => {
    // A client that sent its entries without the page ids in the URL still said where they happened;
    // a chart timed on a dashboard names its chart in the entry (the URL names the dashboard).
    const dashboardId = query.dashboard_id ?? sourceIdOf(event, UserLogSource.DASHBOARD);
    const sliceId = query.slice_id ?? sourceIdOf(event, UserLogSource.CHART) ?? savedObjectId(event.slice_id);
    const duration = event.event_type === UserLogEventType.TIMING ? event.duration : undefined;
    return {
      type: USER_EVENT_LOGGED,
      data: {
        event,
        ...(dashboardId !== undefined ? { dashboard_id: dashboardId } : {}),
        ...(sliceId !== undefined ? { slice_id: sliceId } : {}),
        ...(typeof duration === 'number' ? { duration_ms: duration } : {}),
        guest: body.guest_token !== undefined,
      },
    };
  });
}

/** The entry's source id when its source is `source` and the id is a saved object's (a positive integer). */
function sourceIdOf(event: UserLogEvent, source: string): number | undefined {
  return event.source === source ? savedObjectId(event.source_id) : undefined;
}

function savedObjectId(value: unknown): number | undefined {
  if (typeof value !== 'number' && (typeof value !== 'string' || value === '')) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
