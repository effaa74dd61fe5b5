/**
 * The WHERE clause of an audit query over `events`. Each filter matches one index of
 * migrations/1797001400000-audit-indexes.ts (actor, stream, a user-log entry's dashboard or chart, time) or
 * 1797002000000-audit-filter-state-index.ts (a filter state's dashboard),
 * so a page filtered by actor or object reads only that actor's or object's rows, newest first.
 */
import { FILTER_STATE_EVENTS, USER_EVENT_LOGGED } from '@strata/domain';
import type { AuditQuery } from './audit-query';
import { streamsOfObject } from '../objects/object-streams';

export interface SqlWhere {
  sql: string;
  params: unknown[];
  /**
   * What to ORDER BY, newest first. For an object it is `position + 0`: PostgreSQL cannot then walk the
   * primary key backwards hoping to meet the object's rows soon (1.9 s for a chart whose events are old,
   * in a log of 1,000,000); it reads the object's rows from its indexes and sorts them (a few ms).
   */
  order: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Events about an object that its stream does not name: the object is in their data. User-log entries
 * name the dashboard or chart they were logged on; a dashboard's filter state (`dashboard_filter_state:<key>`)
 * names its dashboard. Each source has a partial index on its key (the audit migrations), which the
 * planner uses only when the query repeats the index's type condition: the types are written out, not
 * parameters.
 */
const DATA_SOURCES: Partial<
  Record<NonNullable<AuditQuery['object']>['type'], readonly { types: readonly string[]; key: string }[]>
> = {
  dashboard: [
    { types: [USER_EVENT_LOGGED], key: 'dashboard_id' },
    { types: FILTER_STATE_EVENTS, key: 'dashboardId' },
  ],
  chart: [{ types: [USER_EVENT_LOGGED], key: 'slice_id' }],
};

const typeIs = (types: readonly string[]) =>
  types.length === 1 ? `type = '${types[0]}'` : `type IN (${types.map((t) => `'${t}'`).join(', ')})`;

export function auditWhere(q: AuditQuery): SqlWhere {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // `actor` is the generated copy of meta->>'actor' (the audit-indexes migration).
  if (q.actor !== undefined) clauses.push(`actor = ${param(String(q.actor))}`);
  if (q.object !== undefined) {
    const own = `stream = ANY(${param(streamsOfObject(q.object))}::text[])`;
    const id = String(q.object.id);
    const byData = (DATA_SOURCES[q.object.type] ?? []).map(
      ({ types, key }) => `(${typeIs(types)} AND data->>'${key}' = ${param(id)})`,
    );
    clauses.push(byData.length === 0 ? own : `(${[own, ...byData].join(' OR ')})`);
  }
  if (q.types !== undefined) clauses.push(`type = ANY(${param(q.types)}::text[])`);
  if (q.since !== undefined) clauses.push(`created_at >= ${param(q.since)}::timestamptz`);
  if (q.until !== undefined) clauses.push(`created_at <= ${param(q.until)}::timestamptz`);
  if (q.text !== undefined) {
    const like = param(`%${escapeLike(q.text)}%`);
    clauses.push(`(type ILIKE ${like} OR stream ILIKE ${like} OR data::text ILIKE ${like})`);
  }
  return {
    sql: clauses.length === 0 ? 'TRUE' : clauses.join(' AND '),
    params,
    order: q.object === undefined ? 'position' : 'position + 0',
  };
}
