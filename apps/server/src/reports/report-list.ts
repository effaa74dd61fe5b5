/**
 * `GET /api/v1/report/?q=` (rison, charts-dashboards-reports §7 Reports): filters on chart_id,
 * dashboard_id, creation_method, created_by (the client's "my report on this chart"), plus type, name
 * (text), active, last_state and owners as Superset's list offers; order, page and page_size as the other
 * lists. Non-admins see only the schedules they created or own (§6 "Reports are filtered to those created
 * by the current user").
 */
import { Injectable } from '@nestjs/common';
import { isAdmin } from '@strata/domain';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { reportJson, REPORT_SELECT, type ReportRow } from './report-json';

const filter = z.object({
  col: z.enum([
    'chart_id',
    'dashboard_id',
    'creation_method',
    'created_by',
    'type',
    'name',
    'active',
    'last_state',
    'owners',
    'id',
  ]),
  opr: z.enum(['eq', 'neq', 'ct', 'sw', 'rel_o_m', 'rel_m_m', 'report_all_text', 'in']),
  value: z.union([
    z.string().max(500),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.union([z.string().max(500), z.number()])).max(1000),
  ]),
});

/**
 * A schedule that never ran has no state in the read model and answers 'Not triggered' (report-json.ts),
 * so the filter and the order read it the same way.
 */
const LAST_STATE = `COALESCE(r.last_state, 'Not triggered')`;

/** Sort keys of the API, each a column of report_schedule (Superset's order_columns). */
const ORDER = {
  name: 'r.name',
  type: 'r.type',
  active: 'r.active',
  crontab: 'r.crontab',
  description: 'r.description',
  created_on: 'r.created_on',
  changed_on: 'r.changed_on',
  changed_on_delta_humanized: 'r.changed_on',
  last_eval_dttm: 'r.last_eval_dttm',
  last_state: LAST_STATE,
  id: 'r.id',
} as const;

export const reportListQuery = z.object({
  filters: z.array(filter).max(20).default([]),
  order_column: z.enum(Object.keys(ORDER) as [keyof typeof ORDER, ...(keyof typeof ORDER)[]]).default('changed_on'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(0).default(0),
  page_size: z.number().int().min(1).max(200).default(25),
  columns: z.array(z.string().max(200)).max(100).nullish(),
  keys: z.array(z.string().max(50)).max(10).nullish(),
});
export type ReportListQuery = z.output<typeof reportListQuery>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A rison `!t`/`!f` or JSON boolean. */
const truthy = (value: unknown) => value === true || value === 'true' || value === '!t';

@Injectable()
export class ReportList {
  constructor(private readonly dataSource: DataSource) {}

  async list(q: ReportListQuery, user: CurrentUser) {
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (!isAdmin(user)) {
      const me = p(user.id);
      where.push(`(r.created_by = ${me} OR ${me} = ANY(r.owners))`);
    }
    for (const f of q.filters) {
      const text = String(f.value);
      const id = Number(f.value);
      const not = f.opr === 'neq' ? 'NOT ' : '';
      switch (f.col) {
        case 'chart_id':
        case 'dashboard_id':
          where.push(
            f.value === null ? `r.${f.col} IS ${not}NULL` : `${not}(r.${f.col} IS NOT DISTINCT FROM ${p(id)}::int)`,
          );
          break;
        case 'creation_method':
        case 'type':
          where.push(`${not}(r.${f.col} = ${p(text)})`);
          break;
        case 'last_state':
          where.push(`${not}(${LAST_STATE} = ${p(text)})`);
          break;
        case 'active':
          where.push(`r.active = ${p(f.opr === 'neq' ? !truthy(f.value) : truthy(f.value))}`);
          break;
        case 'created_by':
          where.push(`r.created_by = ${p(id)}`);
          break;
        case 'owners':
          where.push(`${p(id)} = ANY(r.owners)`);
          break;
        case 'id':
          where.push(`r.id = ANY(${p((Array.isArray(f.value) ? f.value : [f.value]).map(Number))}::int[])`);
          break;
        case 'name':
          if (f.opr === 'eq') where.push(`r.name = ${p(text)}`);
          else if (f.opr === 'report_all_text')
            // Superset's all-text search: the name, the description and the recipients' addresses.
            where.push(
              `(r.name ILIKE ${p(like(text))} OR r.description ILIKE $${params.length} OR r.recipients::text ILIKE $${params.length})`,
            );
          else where.push(`r.name ILIKE ${p(f.opr === 'sw' ? `${like(text).slice(1)}` : like(text))}`);
          break;
      }
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM report_schedule r ${clause}`,
      params,
    )) as { n: number }[];
    const order = ORDER[q.order_column];
    const rows = (await this.dataSource.query(
      `${REPORT_SELECT} ${clause} ORDER BY ${order} ${q.order_direction} NULLS LAST, r.id ${q.order_direction}
       LIMIT ${q.page_size} OFFSET ${q.page * q.page_size}`,
      params,
    )) as ReportRow[];
    const result = rows.map(reportJson);
    return { count: n, ids: result.map((r) => r.id), result };
  }
}
