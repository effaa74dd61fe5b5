/**
 * Which object an event is about, read from its stream (and, for the user log, from the page ids it
 * carries), and the other way round: the streams an object filter reads. Stream names are the domain's
 * (`chartStream`, `draftStreamId`, ...): `grep "Stream = ("` in libs/domain lists them all.
 */
import {
  chartStream,
  dashboardColorsStream,
  dashboardFavoritesStream,
  dashboardStream,
  databaseStream,
  datasetStream,
  draftStreamId,
  queryStream,
  savedQueryStream,
  tabStateStream,
  userStream,
  USER_EVENT_LOGGED,
  type UserLogStoredEvent,
} from '@strata/domain';
import type { Envelope } from '@strata/events';

export const AUDIT_OBJECT_TYPES = [
  'dashboard',
  'chart',
  'dataset',
  'saved_query',
  'database',
  'user',
  'sqllab_tab',
  'query',
  'report',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export interface AuditObjectRef {
  type: AuditObjectType;
  /** A number for saved objects and users; a client id for a SQL Lab query. */
  id: number | string;
}

/**
 * The streams whose events are the object's (a dashboard's draft, colours and stars are its own; a user's
 * SQL Lab tabs are one stream per user). Reports keep no stream yet: filtering on one finds nothing.
 */
export function streamsOfObject({ type, id }: AuditObjectRef): string[] {
  const n = Number(id);
  switch (type) {
    case 'dashboard':
      return [dashboardStream(n), draftStreamId(n), dashboardColorsStream(n), dashboardFavoritesStream(n)];
    case 'chart':
      return [chartStream(n)];
    case 'dataset':
      return [datasetStream(n)];
    case 'saved_query':
      return [savedQueryStream(n)];
    case 'database':
      return [databaseStream(n)];
    case 'user':
      return [userStream(n)];
    case 'sqllab_tab':
      return [tabStateStream(n)];
    case 'query':
      return [queryStream(String(id))];
    case 'report':
      return [`report:${id}`];
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

/** Stream prefix (before the first ':') -> the kind of object its events are about. */
const KIND_OF_PREFIX: Record<string, AuditObjectType> = {
  dashboard: 'dashboard',
  'dashboard-draft': 'dashboard',
  'dashboard-colors': 'dashboard',
  'dashboard-favorites': 'dashboard',
  chart: 'chart',
  dataset: 'dataset',
  saved_query: 'saved_query',
  database: 'database',
  user: 'user',
  tabstate: 'sqllab_tab',
  query: 'query',
  report: 'report',
};

const NUMERIC_KINDS: ReadonlySet<AuditObjectType> = new Set([
  'dashboard',
  'chart',
  'dataset',
  'saved_query',
  'database',
  'user',
  'sqllab_tab',
  'report',
]);

const prefixOf = (stream: string) => stream.slice(0, Math.max(0, stream.indexOf(':')));

/**
 * The object an event is about, or null (a login, an export, a permalink). A user-log entry is about the
 * dashboard or chart it was logged on, when it names one.
 */
export function objectOfEvent(event: Envelope): AuditObjectRef | null {
  if (event.type === USER_EVENT_LOGGED) {
    const data = event.data as UserLogStoredEvent['data'];
    if (data.dashboard_id !== undefined) return { type: 'dashboard', id: data.dashboard_id };
    if (data.slice_id !== undefined) return { type: 'chart', id: data.slice_id };
    return null;
  }
  const type = KIND_OF_PREFIX[prefixOf(event.stream)];
  if (type === undefined) return null;
  const raw = event.stream.slice(event.stream.indexOf(':') + 1);
  if (!NUMERIC_KINDS.has(type)) return { type, id: raw };
  const id = Number(raw);
  return Number.isInteger(id) ? { type, id } : null;
}

/**
 * The stream that holds the object's name, and the key of the name in its events' data (set on creation
 * and renames). Kinds without a name (a SQL Lab tab set, a query) have none.
 */
export function nameSourceOf(object: AuditObjectRef): { stream: string; key: string } | null {
  const n = Number(object.id);
  switch (object.type) {
    case 'dashboard':
      return { stream: dashboardStream(n), key: 'dashboard_title' };
    case 'chart':
      return { stream: chartStream(n), key: 'slice_name' };
    case 'dataset':
      return { stream: datasetStream(n), key: 'table_name' };
    case 'saved_query':
      return { stream: savedQueryStream(n), key: 'label' };
    case 'database':
      return { stream: databaseStream(n), key: 'database_name' };
    case 'user':
      return { stream: userStream(n), key: 'username' };
    default:
      return null;
  }
}

/**
 * Streams whose summaries may name things from earlier events (`summarizeStream` folds them from version
 * 1). The others (a user's log, a query run, logins) are summarized event by event: they grow with every
 * page view and hold nothing later events refer to.
 */
const FOLDED_PREFIXES: ReadonlySet<string> = new Set([
  'dashboard',
  'dashboard-draft',
  'dashboard-colors',
  'dashboard-favorites',
  'chart',
  'dataset',
  'saved_query',
  'database',
  'user',
  'tabstate',
]);

export const isFoldedStream = (stream: string): boolean => FOLDED_PREFIXES.has(prefixOf(stream));
