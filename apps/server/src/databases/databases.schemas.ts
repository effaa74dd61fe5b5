/** Request bodies and `q` parameters of /api/v1/database/ (Superset's DatabasePostSchema and list query). */
import { z } from 'zod';

const flag = z.boolean().optional();

/** `extra` arrives as a JSON string (Superset's form) or an object. */
const extraSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
    return z.NEVER;
  })
  .optional();

export const parametersSchema = z.object({
  engine: z.string().max(50).optional(),
  host: z.string().trim().min(1, 'is required').max(255),
  port: z.coerce.number().int().min(1, 'must be between 1 and 65535').max(65535, 'must be between 1 and 65535'),
  database: z.string().trim().min(1, 'is required').max(255),
  username: z.string().max(255).default(''),
  password: z.string().max(1024).optional(),
  query: z.record(z.string(), z.string()).optional(),
});

const settingsShape = {
  expose_in_sqllab: flag,
  allow_run_async: flag,
  allow_dml: flag,
  allow_ctas: flag,
  allow_cvas: flag,
  allows_cost_estimate: flag,
  allows_subquery: flag,
  allow_file_upload: flag,
  force_ctas_schema: z.string().trim().max(250).nullable().optional(),
  cache_timeout: z.number().int().min(0).nullable().optional(),
  extra: extraSchema,
  engine: z.string().max(50).optional(),
  sqlalchemy_uri: z.string().trim().min(1).max(4096).optional(),
  parameters: parametersSchema.optional(),
  /** The admin read the warning about a dangerous login (login-risks.ts) and registers it anyway. */
  confirm_dangerous_login: z.boolean().optional(),
  // Sent by Superset's form; nothing to do with them here.
  configuration_method: z.string().optional(),
  driver: z.string().optional(),
};

const databaseName = z.string().trim().min(1, 'is required').max(250);

export const createDatabaseSchema = z
  .object({ database_name: databaseName, ...settingsShape })
  .refine((v) => v.sqlalchemy_uri !== undefined || v.parameters !== undefined, {
    message: 'give either sqlalchemy_uri or parameters',
    path: ['sqlalchemy_uri'],
  });

export const updateDatabaseSchema = z.object({ database_name: databaseName.optional(), ...settingsShape });

export const testConnectionSchema = z
  .object({ database_name: z.string().trim().max(250).optional(), ...settingsShape })
  .refine((v) => v.sqlalchemy_uri !== undefined || v.parameters !== undefined, {
    message: 'give either sqlalchemy_uri or parameters',
    path: ['sqlalchemy_uri'],
  });

export const accessSchema = z.object({ roles: z.array(z.string().trim().min(1).max(64)).max(100) });

export const listQuerySchema = z.object({
  page: z.number().int().min(0).default(0),
  page_size: z.number().int().min(1).max(1000).default(25),
  order_column: z.enum(['id', 'database_name', 'changed_on', 'created_on']).default('database_name'),
  order_direction: z.enum(['asc', 'desc']).default('asc'),
  filters: z
    .array(
      z.object({
        col: z.enum(['id', 'database_name', 'expose_in_sqllab', 'allow_run_async', 'allow_dml', 'allow_file_upload']),
        opr: z.enum(['eq', 'neq', 'ct', 'sw', 'ew']),
        value: z.union([z.string().max(250), z.number(), z.boolean()]),
      }),
    )
    .max(20)
    .default([]),
});

const forceSchema = z.boolean().default(false);

export const schemasQuerySchema = z.object({ force: forceSchema, catalog: z.string().nullable().optional() });

export const tablesQuerySchema = z.object({
  force: forceSchema,
  schema_name: z.string().min(1, 'is required').max(250),
  catalog_name: z.string().nullable().optional(),
});

export const tableMetadataQuerySchema = z.object({
  name: z.string().min(1, 'is required').max(250),
  schema: z.string().min(1).max(250).optional(),
  catalog: z.string().optional(),
  force: z.enum(['true', 'false']).optional(),
});
