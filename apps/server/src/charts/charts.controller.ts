/**
 * `/api/v1/chart/` (charts-dashboards-reports §7 Charts): list, read, create, overwrite, delete, favourites. Adding needs
 * can_write on Chart; overwriting and deleting also need ownership (or admin); reading can_read.
 */
import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { ZodBody } from '../common/zod-validation.pipe';
import { RisonQuery } from '../common/rison';
import { ChartList, chartListQuery, type ChartListQuery } from './chart-list';
import { ChartsService, type ChartInput, type ChartUpdate } from './charts.service';
import { coercedRecordId, recordId } from '../common/ids';
import { AsOfService } from '../object-history/as-of.service';

/** params and query_context travel as JSON text (Superset's API); an object is accepted and serialised. */
const jsonText = z
  .union([z.string().max(5_000_000), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : typeof v === 'string' ? v : JSON.stringify(v)));

const fields = {
  slice_name: z.string().min(1).max(250),
  viz_type: z.string().min(1).max(250),
  datasource_id: coercedRecordId,
  datasource_type: z.enum(['table', 'dataset', 'sl_table', 'query', 'saved_query']),
  params: jsonText,
  query_context: jsonText,
  description: z.string().max(100_000).nullish(),
  cache_timeout: z.number().int().min(0).nullish(),
  owners: z.array(recordId).max(100).optional(),
  dashboards: z.array(recordId).max(100).optional(),
  certified_by: z.string().max(1000).nullish(),
  certification_details: z.string().max(10_000).nullish(),
};

export const createChartSchema = z
  .object({
    ...fields,
    viz_type: fields.viz_type.default('table'),
    datasource_type: fields.datasource_type.default('table'),
  })
  .strict()
  .transform((b): ChartInput => ({
    ...b,
    params: b.params ?? null,
    query_context: b.query_context ?? null,
    description: b.description ?? null,
    cache_timeout: b.cache_timeout ?? null,
    certified_by: b.certified_by ?? null,
    certification_details: b.certification_details ?? null,
  }));

export const updateChartSchema = z
  .object(fields)
  .partial()
  .extend({ query_context_generation: z.boolean().nullish() })
  .strict()
  .transform((b): ChartUpdate => {
    const { query_context_generation: _ignored, ...rest } = b;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) out[k] = v;
    return out as ChartUpdate;
  });

const idsQuery = z.array(recordId).max(1000);

const idOf = (param: string) => {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');
  return id;
};

@Controller('api/v1/chart')
export class ChartsController {
  constructor(
    private readonly charts: ChartsService,
    private readonly lists: ChartList,
    private readonly asOf: AsOfService,
  ) {}

  @Get()
  @RequirePermission(Permission.READ, View.CHART)
  list(@RisonQuery(chartListQuery) q: ChartListQuery, @ReqUser() user: CurrentUser) {
    return this.lists.list(q, user);
  }

  @Get('favorite_status')
  @RequirePermission(Permission.READ, View.CHART)
  async favoriteStatus(@RisonQuery(idsQuery) ids: number[], @ReqUser() user: CurrentUser) {
    return { result: await this.charts.favoriteStatus(ids, user) };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.CHART)
  async create(@ZodBody(createChartSchema) body: ChartInput, @ReqUser() user: CurrentUser) {
    const result = await this.charts.create(body, user);
    return { id: result.id, result };
  }

  @Get(':id')
  @RequirePermission(Permission.READ, View.CHART)
  async get(@Param('id') param: string, @Query('as_of') asOf: unknown, @ReqUser() user: CurrentUser) {
    const id = idOf(param);
    // The chart as it was then (object-history/): same shape, same read right.
    if (asOf !== undefined) return this.asOf.answer('chart', id, asOf, user, () => this.charts.get(id, user));
    const result = await this.charts.get(id, user);
    if (!result) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');
    return { id, result };
  }

  @Put(':id')
  @RequirePermission(Permission.WRITE, View.CHART)
  async update(
    @Param('id') param: string,
    @ZodBody(updateChartSchema) body: ChartUpdate,
    @ReqUser() user: CurrentUser,
  ) {
    const id = idOf(param);
    return { id, result: await this.charts.update(id, body, user) };
  }

  @Delete(':id')
  @RequirePermission(Permission.WRITE, View.CHART)
  async remove(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    await this.charts.delete(idOf(param), user);
    return { message: 'OK' };
  }

  @Post(':id/favorites')
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.CHART)
  async star(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    await this.charts.favorite(idOf(param), true, user);
    return { result: 'OK' };
  }

  @Delete(':id/favorites')
  @RequirePermission(Permission.READ, View.CHART)
  async unstar(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    await this.charts.favorite(idOf(param), false, user);
    return { result: 'OK' };
  }
}
