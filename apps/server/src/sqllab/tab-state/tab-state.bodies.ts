/**
 * Bodies of the tab persistence endpoints (REFERENCE §1.9). The SQL Lab client of existing BI tools
 * posts them form-encoded with each field's value JSON-encoded (`queryEditor=<json>`); newer clients
 * send JSON. Both are accepted: a form's values are JSON-decoded first, then one zod schema applies.
 */
import { ErrorType } from '@strata/domain';
import type { Request } from 'express';
import { z } from 'zod';
import { StrataHttpException } from '../../common/error-body';
import { describeIssues } from '../../common/zod-validation.pipe';
import type { TableSchemaFields, TabFields } from '@strata/domain';
import { recordId } from '../../common/ids';

const bad = (message: string) => new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, message);

/** The body as plain values: a form's fields JSON-decoded, a JSON body as it is. */
export function bodyFields(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw bad('The request body must be an object of fields.');
  if (!req.is('application/x-www-form-urlencoded')) return body as Record<string, unknown>;
  const decoded: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(body as Record<string, unknown>)) {
    if (typeof raw !== 'string') throw bad(`Invalid request: body.${key}: expected one JSON-encoded value`);
    try {
      decoded[key] = JSON.parse(raw);
    } catch {
      throw bad(`Invalid request: body.${key}: is not valid JSON`);
    }
  }
  return decoded;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where = 'body'): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw bad(`Invalid request: ${describeIssues(parsed.error.issues, where)}`);
  return parsed.data;
}

/** A field that is itself JSON, sent as an object or as its JSON text (`queryEditor`, `table`). */
const jsonObject = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.record(z.string(), z.unknown()),
);

const id = z.union([
  recordId,
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);
const text = (max: number) => z.string().max(max);
const jsonText = z
  .union([z.string().max(100_000), z.record(z.string(), z.unknown())])
  .nullable()
  .transform((v) => (v === null || typeof v === 'string' ? v : JSON.stringify(v)));
const extraJson = z
  .union([z.record(z.string(), z.unknown()), z.string().max(100_000)])
  .nullable()
  .transform((v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      const parsed = JSON.parse(v) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
    return z.NEVER;
  });

/** POST /tabstateview/: `queryEditor`, the client's whole tab; only the fields below are kept. */
const queryEditorSchema = z.object({
  name: text(256).nullish(),
  title: text(256).nullish(),
  dbId: id.nullish(),
  catalog: text(256).nullish(),
  schema: text(256).nullish(),
  sql: text(1_000_000).nullish(),
  queryLimit: z.number().int().positive().nullish(),
  hideLeftBar: z.boolean().nullish(),
  autorun: z.boolean().nullish(),
  remoteId: id.nullish(),
  templateParams: jsonText.optional(),
  latestQueryId: text(11).nullish(),
});
export const createTabSchema = z.object({ queryEditor: jsonObject.pipe(queryEditorSchema) });

export function tabFieldsOf(editor: z.output<typeof queryEditorSchema>): TabFields {
  return {
    label: editor.name ?? editor.title ?? 'Untitled query',
    database_id: editor.dbId ?? null,
    catalog: editor.catalog ?? null,
    schema: editor.schema ?? null,
    sql: editor.sql ?? 'SELECT ...',
    query_limit: editor.queryLimit ?? null,
    latest_query_id: editor.latestQueryId ?? null,
    template_params: editor.templateParams ?? null,
    hide_left_bar: editor.hideLeftBar ?? false,
    autorun: editor.autorun ?? false,
    saved_query_id: editor.remoteId ?? null,
    extra_json: null,
  };
}

/** PUT /tabstateview/{id}: any tab column; unknown names are refused rather than ignored. */
export const saveTabSchema = z.strictObject({
  label: text(256).optional(),
  database_id: id.nullable().optional(),
  catalog: text(256).nullable().optional(),
  schema: text(256).nullable().optional(),
  sql: text(1_000_000).optional(),
  query_limit: z
    .union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ])
    .nullable()
    .optional(),
  latest_query_id: text(11).nullable().optional(),
  template_params: jsonText.optional(),
  hide_left_bar: z.boolean().optional(),
  autorun: z.boolean().optional(),
  saved_query_id: id.nullable().optional(),
  extra_json: extraJson.optional(),
}) satisfies z.ZodType<Partial<TabFields>>;

export const migrateQuerySchema = z.object({ queryId: text(11).min(1) });

/** POST /tableschemaview/: `table`, the client's table entry; all of it is kept as the description. */
const tableEntrySchema = z
  .object({
    queryEditorId: id,
    dbId: id,
    catalog: text(256).nullish(),
    schema: text(256).nullish(),
    name: text(256).min(1),
  })
  .passthrough();
export const addTableSchema = z.object({ table: jsonObject.pipe(tableEntrySchema) });

export function tableFieldsOf(entry: z.output<typeof tableEntrySchema>): { tabId: number; fields: TableSchemaFields } {
  return {
    tabId: entry.queryEditorId,
    fields: {
      database_id: entry.dbId,
      catalog: entry.catalog ?? null,
      schema: entry.schema ?? null,
      table: entry.name,
      description: entry,
    },
  };
}

export const expandedSchema = z.object({ expanded: z.boolean() });
