/**
 * Which streams belong to an object, and which object a stream belongs to: the one mapping the audit
 * view (object filters, each row's object), an object's history and the time-travel stream reads share.
 * Stream names are the domain's (`chartStream`, `draftStreamId`, ...): `grep "Stream = ("` in libs/domain
 * lists them all.
 */
import {
  ACTIVITY_OBJECT_TYPES,
  chartStream,
  dashboardColorsStream,
  dashboardFavoritesStream,
  dashboardStream,
  databaseStream,
  datasetStream,
  draftStreamId,
  queryStream,
  reportStream,
  savedQueryStream,
  tabStateStream,
  userStream,
  type ActivityObjectType,
} from '@strata/domain';

/** The kinds of object the audit API filters on: the domain's list, which the Activity page offers too. */
export const OBJECT_TYPES = ACTIVITY_OBJECT_TYPES;
export type ObjectType = ActivityObjectType;

export interface ObjectRef {
  type: ObjectType;
  /** A number for saved objects and users; a client id for a SQL Lab query. */
  id: number | string;
}

/**
 * The streams whose events are the object's (a dashboard's draft, colours and stars are its own; a user's
 * SQL Lab tabs are one stream per user).
 */
export function streamsOfObject({ type, id }: ObjectRef): string[] {
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
      return [reportStream(n)];
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

/** Stream prefix (before the first ':') -> the kind of object its events are about. */
const KIND_OF_PREFIX: Record<string, ObjectType> = {
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

/** Kinds whose ids are numbers: all but a query (its id is the client's). */
const NUMERIC_KINDS: ReadonlySet<ObjectType> = new Set(OBJECT_TYPES.filter((type) => type !== 'query'));

/** `dashboard-draft:12` -> `dashboard-draft`; '' for a name without a prefix. */
export const streamPrefixOf = (stream: string): string => stream.slice(0, Math.max(0, stream.indexOf(':')));

/** The object a stream's events are about (`dashboard-draft:12` -> dashboard 12), or null (a login's). */
export function objectOfStream(stream: string): ObjectRef | null {
  const type = KIND_OF_PREFIX[streamPrefixOf(stream)];
  if (type === undefined) return null;
  const raw = stream.slice(stream.indexOf(':') + 1);
  if (!NUMERIC_KINDS.has(type)) return { type, id: raw };
  const id = Number(raw);
  return Number.isInteger(id) ? { type, id } : null;
}
