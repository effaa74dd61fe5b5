/**
 * Which object an event is about, read from its stream (and, for the user log, from the page ids it
 * carries), and where its name is. The stream <-> object mapping itself (and the streams an object filter
 * reads) is shared with object history and time travel: objects/object-streams.ts.
 */
import {
  chartStream,
  dashboardStream,
  databaseStream,
  datasetStream,
  reportStream,
  savedQueryStream,
  userStream,
  isFilterStateEvent,
  USER_EVENT_LOGGED,
  type FilterStateEvent,
  type UserLogStoredEvent,
} from '@strata/domain';
import type { Envelope } from '@strata/events';
import {
  objectOfStream,
  OBJECT_TYPES,
  streamPrefixOf,
  type ObjectRef,
  type ObjectType,
} from '../objects/object-streams';

export const AUDIT_OBJECT_TYPES = OBJECT_TYPES;
export type AuditObjectType = ObjectType;
export type AuditObjectRef = ObjectRef;

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
  // A filter state's stream is named by its key; its events name the dashboard (the replay shows it there).
  if (isFilterStateEvent(event.type))
    return { type: 'dashboard', id: (event.data as FilterStateEvent['data']).dashboardId };
  return objectOfStream(event.stream);
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
    case 'report':
      return { stream: reportStream(n), key: 'name' };
    default:
      return null;
  }
}

/**
 * Streams whose summaries may name things from earlier events (`summarizeStream` folds them from version
 * 1). A query run (`query:<client_id>`) is one: its start names the tab its progress, success or failure
 * ran in, and it holds a handful of events. The others (a user's log, logins) are summarized event by
 * event: they grow with every page view and hold nothing later events refer to.
 */
const FOLDED_PREFIXES: ReadonlySet<string> = new Set([
  'query',
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
  'report',
]);

export const isFoldedStream = (stream: string): boolean => FOLDED_PREFIXES.has(streamPrefixOf(stream));
