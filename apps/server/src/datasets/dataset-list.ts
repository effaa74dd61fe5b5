/**
 * `GET /api/v1/dataset/?q=` (rison): the datasets a user may see (their databases' or their own),
 * filtered by name, database, schema, owner or kind, ordered and paged like the other list endpoints.
 */
import { Injectable } from '@nestjs/common';
import { isAdmin } from '@strata/domain';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { DatabaseAccess } from '../databases/database-access';
import { datasetJson, DATASET_SELECT, type DatasetJson, type DatasetRow } from './dataset-json';

const filter = z.object({
  col: z.enum(['table_name', 'database', 'schema', 'owners', 'sql', 'id']),
  opr: z.enum([
    'ct',
    'sw',
    'ew',
    'eq',
    'neq',
    'rel_o_m',
    'rel_m_m',
    'dataset_is_null_or_empty',
    'dataset_is_certified',
    'in',
  ]),
  value: z.union([
    z.string().max(500),
    z.number(),
    z.boolean(),
    z.array(z.union([z.string().max(500), z.number()])).max(1000),
  ]),
});

export const datasetListQuery = z.object({
  filters: z.array(filter).max(20).default([]),
  order_column: z
    .enum(['table_name', 'changed_on', 'created_on', 'schema', 'id', 'changed_on_delta_humanized'])
    .default('changed_on'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(0).default(0),
  page_size: z.number().int().min(1).max(200).default(25),
  columns: z.array(z.string().max(200)).max(100).nullish(),
});
export type DatasetListQuery = z.output<typeof datasetListQuery>;

const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

@Injectable()
export class DatasetList {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: DatabaseAccess,
  ) {}

  async list(q: DatasetListQuery, user: CurrentUser): Promise<{ count: number; ids: number[]; result: DatasetJson[] }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (!isAdmin(user)) {
      const ids = [...(await this.access.accessibleIds(user))];
      where.push(`(ds.database_id = ANY(${p(ids)}::int[]) OR ${p(user.id)} = ANY(ds.owners))`);
    }
    for (const f of q.filters) {
      const text = String(f.value);
      switch (f.col) {
        case 'table_name':
          if (f.opr === 'eq') where.push(`ds.table_name = ${p(text)}`);
          else
            where.push(
              `ds.table_name ILIKE ${p(f.opr === 'sw' ? `${like(text)}%` : f.opr === 'ew' ? `%${like(text)}` : `%${like(text)}%`)}`,
            );
          break;
        case 'schema':
          where.push(`coalesce(ds.schema, '') ${f.opr === 'neq' ? '<>' : '='} ${p(text)}`);
          break;
        case 'database':
          where.push(`ds.database_id = ${p(Number(f.value))}`);
          break;
        case 'owners':
          where.push(`${p(Number(f.value))} = ANY(ds.owners)`);
          break;
        case 'id':
          // Superset's "Certified" filter. Strata certifies columns and metrics (§3), not the dataset itself:
          // a dataset is certified when one of them names a certifier.
          if (f.opr === 'dataset_is_certified') {
            const certified = `EXISTS (SELECT 1 FROM jsonb_array_elements(ds.metrics || ds.columns) e WHERE coalesce(e->>'certified_by', '') <> '')`;
            where.push(f.value === true || f.value === 'true' ? certified : `NOT ${certified}`);
            break;
          }
          where.push(
            `ds.id = ANY(${p((Array.isArray(f.value) ? f.value : [f.value]).map(Number).filter(Number.isSafeInteger))}::int[])`,
          );
          break;
        case 'sql':
          // dataset_is_null_or_empty true: physical datasets; false: virtual ones (the list's "Type" filter).
          where.push(
            f.value === true || f.value === 'true' ? `coalesce(ds.sql, '') = ''` : `coalesce(ds.sql, '') <> ''`,
          );
          break;
      }
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = q.order_column === 'changed_on_delta_humanized' ? 'changed_on' : q.order_column;
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM datasets ds ${clause}`, params)) as {
      n: number;
    }[];
    const rows = (await this.dataSource.query(
      `${DATASET_SELECT} ${clause} ORDER BY ds.${order} ${q.order_direction}, ds.id ${q.order_direction} LIMIT ${q.page_size} OFFSET ${q.page * q.page_size}`,
      params,
    )) as DatasetRow[];
    const result = rows.map(datasetJson);
    return { count: n, ids: result.map((r) => r.id), result };
  }
}
