/**
 * The `?q=` of `GET /api/v1/saved_query/`: rison, as every list endpoint of the API takes it
 * (`(filters:!((col:label,opr:ct,value:x)),order_column:changed_on,order_direction:desc,page:0,page_size:25)`).
 */
import { ErrorType } from '@strata/domain';
import { z } from 'zod';
import { StrataHttpException } from '../../common/error-body';
import { describeIssues } from '../../common/zod-validation.pipe';
import { decodeRison } from '../../common/rison';
import { recordId } from '../../common/ids';

export const MAX_PAGE_SIZE = 100;

const filterSchema = z.object({
  col: z.enum(['label', 'sql', 'description', 'schema', 'database', 'db_id', 'id']),
  opr: z.enum(['ct', 'eq', 'sw', 'ew', 'all_text', 'rel_o_m', 'saved_query_is_fav']),
  value: z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]),
});

export const savedQueryListSchema = z.object({
  filters: z.array(filterSchema).max(20).default([]),
  order_column: z
    .enum(['label', 'changed_on', 'created_on', 'schema', 'description', 'db_id', 'database.database_name'])
    .default('changed_on'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(0).default(0),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
/** `!(1,2,3)`: the ids of a bulk delete. */
export const bulkIdsSchema = z.array(recordId).min(1).max(MAX_PAGE_SIZE);

export type SavedQueryList = z.output<typeof savedQueryListSchema>;
export type SavedQueryFilter = z.output<typeof filterSchema>;

export function parseRisonQuery<S extends z.ZodType>(q: string | undefined, schema: S): z.output<S> {
  const parsed = schema.safeParse(decodeRison(q) ?? {});
  if (!parsed.success) {
    throw new StrataHttpException(
      400,
      ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
      `Invalid request: ${describeIssues(parsed.error.issues, 'q')}`,
    );
  }
  return parsed.data;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL for the filters, with parameters numbered after `offset`. Columns come from the closed enum above.
 * `saved_query_is_fav` (Superset's favourite filter): starred by `userId` (value true) or not (false).
 */
export function filterSql(
  filters: SavedQueryFilter[],
  offset: number,
  userId: number,
): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown) => `$${offset + params.push(v)}`;
  for (const f of filters) {
    if (f.value === null) continue;
    if (f.opr === 'saved_query_is_fav') {
      const starred = `EXISTS (SELECT 1 FROM saved_query_favorites fav WHERE fav.saved_query_id = s.id AND fav.user_id = ${param(userId)})`;
      where.push(f.value === false || f.value === 'false' ? `NOT ${starred}` : starred);
      continue;
    }
    // `id` is the favourite filter's column (Superset's `col:id,opr:saved_query_is_fav`), nothing else.
    if (f.col === 'id')
      throw new StrataHttpException(
        400,
        ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        'The id column filters only by saved_query_is_fav.',
      );
    if (f.col === 'database' || f.col === 'db_id') {
      const id = Number(f.value);
      if (!Number.isInteger(id))
        throw new StrataHttpException(
          400,
          ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
          'A database filter needs a database id.',
        );
      where.push(`s.db_id = ${param(id)}`);
      continue;
    }
    const text = String(f.value);
    const pattern =
      f.opr === 'eq'
        ? text
        : f.opr === 'sw'
          ? `${escapeLike(text)}%`
          : f.opr === 'ew'
            ? `%${escapeLike(text)}`
            : `%${escapeLike(text)}%`;
    const op = f.opr === 'eq' ? '=' : 'ILIKE';
    if (f.opr === 'all_text') {
      const p = param(pattern);
      where.push(`(s.label ILIKE ${p} OR s.description ILIKE ${p} OR s.sql ILIKE ${p})`);
    } else {
      where.push(`coalesce(s.${f.col}, '') ${op} ${param(pattern)}`);
    }
  }
  return { where, params };
}
