/** `POST /api/v1/sqllab/execute/` body (REFERENCE §1.1 ExecutePayloadSchema), every field of the spec. */
import { z } from 'zod';
import { coercedRecordId } from '../../common/ids';

const optionalText = (max: number) => z.string().max(max).nullish();

export const executeSchema = z.object({
  database_id: coercedRecordId,
  sql: z.string().min(1, 'cannot be empty').max(1_000_000),
  client_id: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'must be 11 characters (letters, digits, - or _)'),
  queryLimit: z.coerce.number().int().nonnegative().nullish(),
  sql_editor_id: z
    .union([z.string().max(256), z.number().int()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
  catalog: optionalText(256),
  schema: optionalText(256),
  tab: optionalText(256),
  ctas_method: z.enum(['TABLE', 'VIEW']).nullish(),
  /** A JSON object as a string (what the client sends); an object is accepted too. */
  templateParams: z.union([z.string().max(100_000), z.record(z.string(), z.unknown())]).nullish(),
  tmp_table_name: z
    .string()
    .max(256)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a plain table name')
    .or(z.literal(''))
    .nullish(),
  select_as_cta: z.boolean().nullish(),
  runAsync: z.boolean().nullish(),
  expand_data: z.boolean().nullish(),
  json: z.boolean().nullish(),
});

export type ExecuteBody = z.output<typeof executeSchema>;
