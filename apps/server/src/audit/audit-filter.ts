/**
 * The WHERE clause of an audit query over `events`. Each filter matches one index of
 * migrations/1797001400000-audit-indexes.ts (actor, stream, a user-log entry's dashboard or chart, time),
 * so a page filtered by actor or object reads only that actor's or object's rows, newest first.
 */
import { USER_EVENT_LOGGED } from '@strata/domain';
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

/** The page-id key of a user-log entry that names the object, for the kinds the user log names. */
const USER_LOG_KEY: Partial<Record<NonNullable<AuditQuery['object']>['type'], string>> = {
  dashboard: 'dashboard_id',
  chart: 'slice_id',
};

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
    const key = USER_LOG_KEY[q.object.type];
    // The type is written out (not a parameter) so the planner can use the partial index on it.
    clauses.push(
      key === undefined
        ? own
        : `(${own} OR (type = '${USER_EVENT_LOGGED}' AND data->>'${key}' = ${param(String(q.object.id))}))`,
    );
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
