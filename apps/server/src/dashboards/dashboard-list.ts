/**
 * `GET /api/v1/dashboard/?q=` (rison): what the save modal's dashboard picker and the list page read:
 * filters on the title, owners, id, published, favourites (`id` + `dashboard_is_favorite`) and
 * certification, ordering, page size up to 200. Drafts are listed to their owners and admins only, and
 * under DASHBOARD_RBAC a dashboard with roles to those roles' users.
 */
import { Injectable } from '@nestjs/common';
import { isAdmin, roleNames } from '@strata/domain';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { DASHBOARD_SELECT, dashboardJson, DashboardsService, type DashboardRow } from './dashboards.service';

const filter = z.object({
  col: z.enum(['dashboard_title', 'owners', 'id', 'published', 'slug', 'certified_by']),
  opr: z.enum([
    'ct',
    'sw',
    'eq',
    'neq',
    'rel_m_m',
    'in',
    'title_or_slug',
    'dashboard_is_certified',
    'dashboard_is_favorite',
  ]),
  value: z.union([
    z.string().max(500),
    z.number(),
    z.boolean(),
    z.array(z.union([z.string().max(500), z.number()])).max(1000),
  ]),
});

export const dashboardListQuery = z.object({
  filters: z.array(filter).max(20).default([]),
  order_column: z
    .enum(['dashboard_title', 'changed_on', 'created_on', 'id', 'changed_on_delta_humanized'])
    .default('changed_on'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(0).default(0),
  page_size: z.number().int().min(1).max(200).default(25),
  columns: z.array(z.string().max(200)).max(100).nullish(),
});
export type DashboardListQuery = z.output<typeof dashboardListQuery>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class DashboardList {
  constructor(
    private readonly dataSource: DataSource,
    private readonly dashboards: DashboardsService,
  ) {}

  async list(q: DashboardListQuery, user: CurrentUser) {
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (!isAdmin(user)) {
      // The SQL twin of the domain's canViewDashboard: under DASHBOARD_RBAC a published dashboard with
      // roles is listed only to users with one of them (names compared without case, as the domain does).
      const published = this.dashboards.roleBasedAccess
        ? `(d.published AND (cardinality(d.roles) = 0 OR EXISTS (SELECT 1 FROM unnest(d.roles) r WHERE lower(r) = ANY(${p(roleNames(user).map((r) => r.toLowerCase()))}::text[]))))`
        : 'd.published';
      where.push(`(${published} OR ${p(user.id)} = ANY(d.owners))`);
    }
    for (const f of q.filters) {
      const text = String(f.value);
      switch (f.col) {
        case 'dashboard_title':
          where.push(
            f.opr === 'eq'
              ? `d.dashboard_title = ${p(text)}`
              : f.opr === 'title_or_slug'
                ? `(d.dashboard_title ILIKE ${p(like(text))} OR d.slug ILIKE $${params.length})`
                : `d.dashboard_title ILIKE ${p(like(text))}`,
          );
          break;
        case 'slug':
          where.push(`d.slug = ${p(text)}`);
          break;
        case 'owners':
          where.push(`${p(Number(f.value))} = ANY(d.owners)`);
          break;
        case 'certified_by':
          if (f.opr === 'dashboard_is_certified')
            where.push(
              f.value === true || f.value === 'true' ? `d.certified_by IS NOT NULL` : `d.certified_by IS NULL`,
            );
          break;
        case 'id':
          if (f.opr === 'dashboard_is_favorite') {
            const starred = `EXISTS (SELECT 1 FROM dashboard_favorites fav WHERE fav.dashboard_id = d.id AND fav.user_id = ${p(user.id)})`;
            where.push(f.value === true || f.value === 'true' ? starred : `NOT ${starred}`);
            break;
          }
          where.push(
            `d.id = ANY(${p((Array.isArray(f.value) ? f.value : [f.value]).map(Number).filter(Number.isSafeInteger))}::int[])`,
          );
          break;
        case 'published':
          where.push(`d.published ${f.opr === 'neq' ? '<>' : '='} ${p(f.value === true || f.value === 'true')}`);
          break;
      }
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = q.order_column === 'changed_on_delta_humanized' ? 'changed_on' : q.order_column;
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM dashboards d ${clause}`, params)) as {
      n: number;
    }[];
    const rows = (await this.dataSource.query(
      `${DASHBOARD_SELECT} ${clause} ORDER BY d.${order} ${q.order_direction}, d.id ${q.order_direction} LIMIT ${q.page_size} OFFSET ${q.page * q.page_size}`,
      params,
    )) as DashboardRow[];
    const result = rows.map(dashboardJson);
    return { count: n, ids: result.map((r) => r.id), result };
  }
}
