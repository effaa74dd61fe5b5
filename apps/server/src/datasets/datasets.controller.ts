/**
 * `/api/v1/dataset/` as SQL Lab uses it (sqllab-and-platform §7 Datasets): create a dataset from a query or a table,
 * get-or-create by name, and read one. Creating needs can_write on Dataset and access to the database.
 */
import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ErrorType,
  isTimeGrain,
  newColumn,
  Permission,
  PermissionView as View,
  type ColumnPatch,
  type DatasetColumn,
  type DatasetEdit,
  type DatasetMetric,
} from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { ZodBody } from '../common/zod-validation.pipe';
import { RisonQuery } from '../common/rison';
import { DatasetList, datasetListQuery, type DatasetListQuery } from './dataset-list';
import { relatedOwners, relatedOwnersQuery, type RelatedOwnersQuery } from '../auth/users/related-owners';
import { UsersService } from '../auth/users/users.service';
import { AsOfService } from '../object-history/as-of.service';
import { DatasetsService, type NewDataset } from './datasets.service';
import { coercedRecordId, pathId, recordId } from '../common/ids';

const name = (max: number) => z.string().max(max);
const templateParams = z
  .union([z.string().max(100_000), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : typeof v === 'string' ? v : JSON.stringify(v)));

/**
 * A column as sent: its name and the fields given, nothing filled in, so an update keeps the stored
 * values of the fields a column leaves out (DatasetsService.update).
 */
const columnPatchSchema = z
  .object({
    column_name: name(250).min(1).optional(),
    name: name(250).min(1).optional(),
    type: z.string().max(250).nullish(),
    type_generic: z.number().int().min(0).max(3).nullish(),
    is_dttm: z.boolean().nullish(),
    groupby: z.boolean().nullish(),
    filterable: z.boolean().nullish(),
    verbose_name: z.string().max(1024).nullish(),
    expression: z.string().max(100_000).nullish(),
    description: z.string().max(10_000).nullish(),
    certified_by: z.string().max(1000).nullish(),
    certification_details: z.string().max(10_000).nullish(),
    warning_markdown: z.string().max(10_000).nullish(),
    python_date_format: z.string().max(255).nullish(),
  })
  .refine((c) => c.column_name ?? c.name, { message: 'a column needs column_name' })
  .transform((c): ColumnPatch => {
    const { column_name, name: alias, expression, is_dttm, groupby, filterable, ...rest } = c;
    const patch: ColumnPatch = { column_name: (column_name ?? alias)! };
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) Object.assign(patch, { [key]: value });
    // A null flag is no answer: it keeps what the column has.
    for (const [key, value] of Object.entries({ is_dttm, groupby, filterable }))
      if (value !== undefined && value !== null) Object.assign(patch, { [key]: value });
    if (expression !== undefined) patch.expression = expression?.trim() ? expression : null;
    return patch;
  });

/** Columns the client already knows (the explore flow sends the result's columns): names required, the rest defaulted. */
const columnSchema = columnPatchSchema.transform((c): DatasetColumn => ({ ...newColumn(c.column_name), ...c }));

const metricSchema = z
  .object({
    metric_name: name(255).min(1),
    verbose_name: z.string().max(1024).nullish(),
    metric_type: z.string().max(32).nullish(),
    expression: z.string().min(1).max(100_000),
    description: z.string().max(10_000).nullish(),
    d3format: z.string().max(128).nullish(),
    currency: z
      .object({ symbol: z.string().min(1).max(8), symbolPosition: z.enum(['prefix', 'suffix']).nullish() })
      .nullish(),
    certified_by: z.string().max(1000).nullish(),
    certification_details: z.string().max(10_000).nullish(),
    warning_markdown: z.string().max(10_000).nullish(),
  })
  .transform((m): DatasetMetric => ({
    metric_name: m.metric_name,
    verbose_name: m.verbose_name ?? null,
    metric_type: m.metric_type ?? null,
    expression: m.expression,
    description: m.description ?? null,
    d3format: m.d3format ?? null,
    currency: m.currency ? { symbol: m.currency.symbol, symbolPosition: m.currency.symbolPosition ?? 'prefix' } : null,
    certified_by: m.certified_by ?? null,
    certification_details: m.certification_details ?? null,
    warning_markdown: m.warning_markdown ?? null,
  }));

/** PUT /api/v1/dataset/{id}: any subset of the editable fields; owners as ids. */
export const updateDatasetSchema = z
  .object({
    table_name: name(250).min(1).optional(),
    schema: name(256).nullish(),
    sql: z.string().max(1_000_000).nullish(),
    template_params: templateParams.optional(),
    columns: z.array(columnPatchSchema).min(1).max(5000).optional(),
    metrics: z.array(metricSchema).max(5000).optional(),
    main_dttm_col: name(250).nullish(),
    owners: z.array(recordId).max(100).optional(),
    description: z.string().max(10_000).nullish(),
    cache_timeout: z.number().int().min(0).max(31_536_000).nullish(),
    default_time_grain: z
      .string()
      .refine(isTimeGrain, { message: 'Not a time grain (charts-dashboards-reports §9)' })
      .nullish(),
    external_url: z.string().max(2048).nullish(),
    is_managed_externally: z.boolean().optional(),
  })
  .strict()
  .transform((b): DatasetEdit => {
    const out: DatasetEdit = {};
    for (const [k, v] of Object.entries(b)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
    return out;
  });

const common = {
  catalog: name(256)
    .nullish()
    .transform((v) => v || null),
  schema: name(256)
    .nullish()
    .transform((v) => v || null),
  sql: z
    .string()
    .max(1_000_000)
    .nullish()
    .transform((v) => (v?.trim() ? v : null)),
  table_name: name(250).min(1),
  template_params: templateParams,
};

export const createDatasetSchema = z.object({
  database: z.coerce.number().int().positive(),
  ...common,
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().max(2048).nullish(),
  description: z.string().max(10_000).nullish(),
  columns: z.array(columnSchema).max(5000).nullish(),
  owners: z.array(recordId).nullish(),
});

export const getOrCreateSchema = z.object({ database_id: coercedRecordId, ...common });

function newDataset(body: z.output<typeof createDatasetSchema>): NewDataset {
  return {
    database_id: body.database,
    catalog: body.catalog,
    schema: body.schema,
    sql: body.sql,
    table_name: body.table_name,
    template_params: body.template_params,
    columns: body.columns?.length ? body.columns : null,
    is_managed_externally: body.is_managed_externally ?? false,
    external_url: body.external_url ?? null,
    description: body.description ?? null,
  };
}

const notFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

@Controller('api/v1/dataset')
export class DatasetsController {
  constructor(
    private readonly datasets: DatasetsService,
    private readonly lists: DatasetList,
    private readonly asOf: AsOfService,
    private readonly users: UsersService,
  ) {}

  @Get()
  @RequirePermission(Permission.READ, View.DATASET)
  list(@RisonQuery(datasetListQuery) q: DatasetListQuery, @ReqUser() user: CurrentUser) {
    return this.lists.list(q, user);
  }

  /** The users a dataset's owners may be chosen from (the dataset editor's settings), for anyone who may write datasets. */
  @Get('related/owners')
  @RequirePermission(Permission.WRITE, View.DATASET)
  async relatedOwners(@RisonQuery(relatedOwnersQuery) q: RelatedOwnersQuery, @ReqUser() user: CurrentUser) {
    return await relatedOwners(this.users, q, user);
  }

  @Put(':id')
  @RequirePermission(Permission.WRITE, View.DATASET)
  async update(
    @Param('id') param: string,
    @ZodBody(updateDatasetSchema) changes: DatasetEdit,
    @ReqUser() user: CurrentUser,
  ) {
    const id = pathId(param);
    return { id, result: await this.datasets.update(id, changes, user) };
  }

  @Put(':id/refresh')
  @RequirePermission(Permission.WRITE, View.DATASET)
  async refresh(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    return { id, result: await this.datasets.refreshColumns(id, user), message: 'OK' };
  }

  @Delete(':id')
  @RequirePermission(Permission.WRITE, View.DATASET)
  async remove(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    await this.datasets.delete(pathId(param), user);
    return { message: 'OK' };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.DATASET)
  async create(@ZodBody(createDatasetSchema) body: z.output<typeof createDatasetSchema>, @ReqUser() user: CurrentUser) {
    const dataset = await this.datasets.create(newDataset(body), user);
    // `result` is the API's usual key; SQL Lab's "save dataset" flow reads `data`.
    return { id: dataset.id, result: dataset, data: dataset };
  }

  @Post('get_or_create')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DATASET)
  async getOrCreate(
    @ZodBody(getOrCreateSchema) body: z.output<typeof getOrCreateSchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const id = await this.datasets.getOrCreate(
      { ...body, columns: null, is_managed_externally: false, external_url: null, description: null },
      user,
    );
    return { result: { table_id: id } };
  }

  @Get(':id')
  @RequirePermission(Permission.READ, View.DATASET)
  async get(@Param('id') param: string, @Query('as_of') asOf: unknown, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    // The dataset as it was then (object-history/): same shape, same read right.
    if (asOf !== undefined) return this.asOf.answer('dataset', id, asOf, user, () => this.datasets.get(id, user));
    const dataset = await this.datasets.get(id, user);
    if (!dataset) throw notFound();
    return { id, result: dataset };
  }
}
