/** Inputs of the query endpoints (REFERENCE §1.2), validated with zod after rison decoding. */
import { z } from 'zod';
import { coercedRecordId } from '../../common/ids';

export const updatedSinceSchema = z.object({ last_updated_ms: z.coerce.number().finite().nonnegative() }).strict();

const STATUSES = ['pending', 'running', 'success', 'failed', 'stopped', 'timed_out', 'scheduled', 'fetching'] as const;
const when = z.union([z.number().finite(), z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be a date')]);

/** Superset's query search sends relation filters (`col:database,opr:rel_o_m`): same meaning, other names. */
const ALIASES: Record<string, string> = { database: 'database_id', user: 'user_id' };
const unalias = (f: unknown) => {
  if (typeof f !== 'object' || f === null) return f;
  const { col, opr, ...rest } = f as { col?: unknown; opr?: unknown };
  const alias = typeof col === 'string' ? ALIASES[col] : undefined;
  return alias ? { ...rest, col: alias, opr: opr === 'rel_o_m' ? 'eq' : opr } : f;
};

/** FAB-style list filters `(filters:!((col:status,opr:eq,value:success)),page:0,page_size:25)`. */
const filterUnion = z.discriminatedUnion('col', [
  z.object({ col: z.literal('database_id'), opr: z.literal('eq').default('eq'), value: coercedRecordId }),
  z.object({
    col: z.literal('status'),
    opr: z.enum(['eq', 'in']).default('eq'),
    value: z.union([z.enum(STATUSES), z.array(z.enum(STATUSES)).min(1)]),
  }),
  z.object({ col: z.literal('user_id'), opr: z.literal('eq').default('eq'), value: coercedRecordId }),
  z.object({ col: z.literal('sql'), opr: z.literal('ct').default('ct'), value: z.string().max(10_000) }),
  z.object({ col: z.literal('changed_on'), opr: z.enum(['gt', 'lt']), value: when }),
  z.object({ col: z.literal('start_time'), opr: z.enum(['gt', 'lt']), value: when }),
]);
export const queryFilterSchema = z.preprocess(unalias, filterUnion);

export const queryListSchema = z
  .object({
    filters: z.array(queryFilterSchema).max(20).default([]),
    order_column: z
      .enum(['changed_on', 'start_time', 'end_time', 'rows', 'status', 'database_id', 'id'])
      .default('changed_on'),
    order_direction: z.enum(['asc', 'desc']).default('desc'),
    page: z.number().int().nonnegative().default(0),
    page_size: z.number().int().min(1).max(1000).default(25),
  })
  .strict();

export type QueryListParams = z.output<typeof queryListSchema>;

export const stopSchema = z.object({ client_id: z.string().length(11) }).strict();
