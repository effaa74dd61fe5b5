/**
 * `GET /api/v1/chart/?q=` (rison, charts-dashboards-reports §7): filters on slice_name text and owners (plus viz type,
 * dataset, id and favourites), ordering, page size up to 200 (charts-dashboards-reports §9 chart list page size). Users see
 * their own charts and the charts of datasets they may read.
 */
import { Injectable } from '@nestjs/common';
import { hasPermission, isAdmin, Permission, PermissionView } from '@strata/domain';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { DatabaseAccess } from '../databases/database-access';
import { chartJson, CHART_SELECT, type ChartRow } from './chart-json';

const filter = z.object({
  col: z.enum(['slice_name', 'owners', 'viz_type', 'datasource_id', 'id', 'dashboards', 'created_by']),
  opr: z.enum([
    'ct',
    'sw',
    'eq',
    'neq',
    'rel_m_m',
    'rel_o_m',
    'in',
    'chart_all_text',
    'chart_is_favorite',
    'chart_owned_by_me',
  ]),
  value: z.union([
    z.string().max(500),
    z.number(),
    z.boolean(),
    z.array(z.union([z.string().max(500), z.number()])).max(1000),
  ]),
});

export const chartListQuery = z.object({
  filters: z.array(filter).max(20).default([]),
  order_column: z
    .enum(['slice_name', 'changed_on', 'created_on', 'viz_type', 'id', 'changed_on_delta_humanized', 'last_saved_at'])
    .default('changed_on'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(0).default(0),
  page_size: z.number().int().min(1).max(200).default(25),
  columns: z.array(z.string().max(200)).max(100).nullish(),
});
export type ChartListQuery = z.output<typeof chartListQuery>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class ChartList {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: DatabaseAccess,
  ) {}

  async list(q: ChartListQuery, user: CurrentUser) {
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (
      !isAdmin(user) &&
      !hasPermission(user, Permission.ALL_DATASOURCE_ACCESS, PermissionView.ALL_DATASOURCE_ACCESS)
    ) {
      const ids = [...(await this.access.accessibleIds(user))];
      const me = p(user.id);
      where.push(`(${me} = ANY(c.owners) OR ds.database_id = ANY(${p(ids)}::int[]) OR ${me} = ANY(ds.owners))`);
    }
    for (const f of q.filters) {
      const text = String(f.value);
      switch (f.col) {
        case 'slice_name':
          where.push(
            f.opr === 'eq'
              ? `c.slice_name = ${p(text)}`
              : f.opr === 'chart_all_text'
                ? `(c.slice_name ILIKE ${p(like(text))} OR c.description ILIKE $${params.length} OR c.viz_type ILIKE $${params.length})`
                : `c.slice_name ILIKE ${p(like(text))}`,
          );
          break;
        case 'owners':
          where.push(`${p(Number(f.value))} = ANY(c.owners)`);
          break;
        case 'created_by':
          where.push(`c.created_by_fk = ${p(Number(f.value))}`);
          break;
        case 'viz_type':
          where.push(`c.viz_type ${f.opr === 'neq' ? '<>' : '='} ${p(text)}`);
          break;
        case 'datasource_id':
          where.push(`c.datasource_id = ${p(Number(f.value))}`);
          break;
        case 'dashboards':
          where.push(
            `EXISTS (SELECT 1 FROM dashboard_slices s WHERE s.slice_id = c.id AND s.dashboard_id = ${p(Number(f.value))})`,
          );
          break;
        case 'id':
          if (f.opr === 'chart_is_favorite') {
            const starred = `EXISTS (SELECT 1 FROM chart_favorites fav WHERE fav.chart_id = c.id AND fav.user_id = ${p(user.id)})`;
            where.push(f.value === true || f.value === 'true' || f.value === '!t' ? starred : `NOT ${starred}`);
          } else if (f.opr === 'chart_owned_by_me') {
            where.push(`${p(user.id)} = ANY(c.owners)`);
          } else {
            where.push(
              `c.id = ANY(${p((Array.isArray(f.value) ? f.value : [f.value]).map(Number).filter(Number.isSafeInteger))}::int[])`,
            );
          }
          break;
      }
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = ['changed_on_delta_humanized', 'last_saved_at'].includes(q.order_column)
      ? 'changed_on'
      : q.order_column;
    const [{ n }] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM charts c LEFT JOIN datasets ds ON ds.id = c.datasource_id ${clause}`,
      params,
    )) as { n: number }[];
    const rows = (await this.dataSource.query(
      `${CHART_SELECT} ${clause} ORDER BY c.${order} ${q.order_direction}, c.id ${q.order_direction} LIMIT ${q.page_size} OFFSET ${q.page * q.page_size}`,
      params,
    )) as ChartRow[];
    const result = rows.map(chartJson);
    return { count: n, ids: result.map((r) => r.id), result };
  }
}
