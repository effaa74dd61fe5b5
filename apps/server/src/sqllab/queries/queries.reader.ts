/** Reads of the Query read model with the access rule: a user sees their own runs; all_query_access sees all. */
import { Injectable } from '@nestjs/common';
import { ErrorType, hasPermission, Permission, PermissionView } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../../auth/current-user';
import { httpError } from '../../auth/http-error';
import { QUERY_SELECT, queryToDict, type QueryDbRow, type QueryDict } from './query-row';
import type { QueryListParams } from './queries.schemas';

export const canSeeAllQueries = (user: CurrentUser) =>
  hasPermission(user, Permission.ALL_QUERY_ACCESS, PermissionView.ALL_QUERY_ACCESS);

export const queryNotFound = () => httpError(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Query not found.');

const ORDER_COLUMNS = {
  changed_on: 'q.changed_on',
  start_time: 'q.start_time',
  end_time: 'q.end_time',
  rows: 'q.rows',
  status: 'q.status',
  database_id: 'q.database_id',
  id: 'q.id',
} as const;

@Injectable()
export class QueriesReader {
  constructor(private readonly dataSource: DataSource) {}

  /** The row by numeric id or 11-character client id; 404 for a missing one AND for another user's one. */
  async get(idOrClientId: string, user: CurrentUser): Promise<{ row: QueryDbRow; dict: QueryDict }> {
    // A client id wins over a numeric id that happens to look the same.
    const numeric = /^\d{1,9}$/.test(idOrClientId) ? Number(idOrClientId) : null;
    const rows: QueryDbRow[] = await this.dataSource.query(
      `${QUERY_SELECT} WHERE q.client_id = $1 OR q.id = $2 ORDER BY (q.client_id = $1) DESC LIMIT 1`,
      [idOrClientId, numeric],
    );
    const row = rows[0];
    if (!row || (row.user_id !== user.id && !canSeeAllQueries(user))) throw queryNotFound();
    return { row, dict: queryToDict(row) };
  }

  async byClientId(clientId: string): Promise<QueryDbRow | null> {
    const rows: QueryDbRow[] = await this.dataSource.query(`${QUERY_SELECT} WHERE q.client_id = $1`, [clientId]);
    return rows[0] ?? null;
  }

  async byResultsKey(key: string): Promise<QueryDbRow | null> {
    const rows: QueryDbRow[] = await this.dataSource.query(`${QUERY_SELECT} WHERE q.results_key = $1`, [key]);
    return rows[0] ?? null;
  }

  /** The user's runs changed at or after `sinceMs` (the client's 2 s poll, REFERENCE §1.2). */
  async updatedSince(user: CurrentUser, sinceMs: number): Promise<QueryDict[]> {
    const rows: QueryDbRow[] = await this.dataSource.query(
      `${QUERY_SELECT} WHERE q.user_id = $1 AND q.changed_on >= to_timestamp($2::double precision / 1000) ORDER BY q.changed_on`,
      [user.id, sinceMs],
    );
    return rows.map(queryToDict);
  }

  async list(user: CurrentUser, params: QueryListParams): Promise<{ count: number; result: QueryDict[] }> {
    const where: string[] = [];
    const args: unknown[] = [];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    const all = canSeeAllQueries(user);
    let userFiltered = false;
    for (const f of params.filters) {
      switch (f.col) {
        case 'database_id':
          where.push(`q.database_id = ${arg(f.value)}`);
          break;
        case 'status':
          where.push(Array.isArray(f.value) ? `q.status = ANY(${arg(f.value)}::text[])` : `q.status = ${arg(f.value)}`);
          break;
        case 'user_id':
          if (!all && f.value !== user.id)
            throw httpError(403, ErrorType.QUERY_SECURITY_ACCESS_ERROR, "Only admins may see other users' queries.");
          where.push(`q.user_id = ${arg(f.value)}`);
          userFiltered = true;
          break;
        case 'sql':
          where.push(`q.sql ILIKE ${arg(`%${f.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
          break;
        case 'changed_on':
          where.push(`q.changed_on ${f.opr === 'gt' ? '>' : '<'} ${arg(new Date(f.value).toISOString())}::timestamptz`);
          break;
        case 'start_time':
          // start_time is epoch ms (REFERENCE §1.2).
          where.push(`q.start_time ${f.opr === 'gt' ? '>' : '<'} ${arg(new Date(f.value).getTime())}`);
          break;
        default: {
          const _exhaustive: never = f;
          return _exhaustive;
        }
      }
    }
    // Without all_query_access a history is the user's own; with it, everyone's unless filtered.
    if (!all && !userFiltered) where.push(`q.user_id = ${arg(user.id)}`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ count }] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM query q ${clause}`, args)) as {
      count: number;
    }[];
    const order = `${ORDER_COLUMNS[params.order_column]} ${params.order_direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, q.id DESC`;
    const rows: QueryDbRow[] = await this.dataSource.query(
      `${QUERY_SELECT} ${clause} ORDER BY ${order} LIMIT ${arg(params.page_size)} OFFSET ${arg(params.page * params.page_size)}`,
      args,
    );
    return { count, result: rows.map(queryToDict) };
  }
}
