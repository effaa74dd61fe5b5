/**
 * `POST /api/v1/chart/data` (charts-dashboards-reports §7, REFERENCE §2): the query context in the body; `?force=true` and
 * `?form_data={"slice_id":..}` in the query string. JSON answers `{result: [...]}`; csv and xlsx are
 * downloads and need can_csv. With the GLOBAL_ASYNC_QUERIES flag: 202 with a job, whose result is read
 * from `GET /api/v1/chart/data/{cache_key}` after the async event. `POST /datasource/samples` pages
 * through a dataset's rows. Both are POSTs that read data, so a cookie-authenticated call needs the
 * X-CSRFToken header like any other (the client's HttpClient sends it; bearer-token clients need none).
 */
import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { canDownloadCsv, ErrorType, Permission, PermissionView as View } from '@strata/domain';
import type { Response } from 'express';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { ZodBody, ZodQuery } from '../common/zod-validation.pipe';
import { AnnotationDataService } from './annotations/annotation-data';
import { AsyncChartData } from './async-chart-data';
import { ChartDataService, samplesQuery, SAMPLES_ROW_LIMIT } from './chart-data.service';
import { ChartDatasources } from './chart-datasource';
import { toCsv, toXlsx, type Table } from './export-format';
import { queryContextSchema, queryObjectSchema, type QueryContext } from './query-context.schema';
import { coercedRecordId } from '../common/ids';
import { requireMainRight } from '../common/main-rights';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

const samplesParams = z.object({
  datasource_id: coercedRecordId,
  datasource_type: z.string().max(32).default('table'),
  force: bool,
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(SAMPLES_ROW_LIMIT).default(SAMPLES_ROW_LIMIT),
});

const samplesBody = z
  .object({
    filters: queryObjectSchema.shape.filters,
    granularity: z.string().max(500).nullish(),
    time_range: z.string().max(500).nullish(),
    extras: queryObjectSchema.shape.extras,
  })
  .partial()
  .loose();

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');

@Controller()
export class ChartDataController {
  constructor(
    private readonly service: ChartDataService,
    private readonly sources: ChartDatasources,
    private readonly async: AsyncChartData,
    private readonly annotations: AnnotationDataService,
  ) {}

  @Post('api/v1/chart/data')
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.CHART)
  async data(
    @ZodBody(queryContextSchema) context: QueryContext,
    @Query('force') force: string | undefined,
    @ReqUser() user: CurrentUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (force === 'true' || force === '1') context.force = true;
    if (context.result_format !== 'json' && !canDownloadCsv(user)) {
      throw new StrataHttpException(
        403,
        ErrorType.GENERIC_COMMAND_ERROR,
        'You do not have permission to download data.',
      );
    }
    // The rows behind a chart (samples, drill to detail) are Explore's (sqllab-and-platform §6 can_explore).
    if (context.result_type === 'samples' || context.result_type === 'drill_detail')
      requireMainRight(user, 'can_explore');
    const { source, context: allowed } = await this.sources.resolveContext(context, user);
    if (context.result_format === 'json' && this.async.enabled()) {
      res.status(202);
      // The job resolves (and narrows) the request again as the user it re-reads.
      return this.async.submit(context, user);
    }
    const result = await this.service.run(source, allowed);
    if (context.result_format === 'json')
      return { result: await this.annotations.withAnnotations(result, allowed, user) };
    const tables = result.filter(
      (r): r is Table => typeof r === 'object' && r !== null && 'colnames' in r && 'data' in r,
    );
    if (tables.length === 0)
      throw new StrataHttpException(400, ErrorType.GENERIC_COMMAND_ERROR, 'This result type has no rows to download.');
    const name = `${source.dataset.table_name.replace(/[^\w.-]+/g, '_')}_${stamp()}`;
    if (context.result_format === 'csv') {
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="${name}.csv"`);
      res.send(toCsv(tables[0], source.dataset.verbose_map));
      return;
    }
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', `attachment; filename="${name}.xlsx"`);
    res.send(await toXlsx(tables, source.dataset.verbose_map));
  }

  @Get('api/v1/chart/data/:cacheKey')
  @RequirePermission(Permission.READ, View.CHART)
  async cached(@Param('cacheKey') cacheKey: string, @ReqUser() user: CurrentUser) {
    return { result: await this.async.result(cacheKey, user) };
  }

  @Post('datasource/samples')
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.DATASET)
  async samples(
    @ZodQuery(samplesParams) params: z.output<typeof samplesParams>,
    @ZodBody(samplesBody) body: z.output<typeof samplesBody>,
    @ReqUser() user: CurrentUser,
  ) {
    // Drill to detail pages through here: a dataset's rows are Explore's (sqllab-and-platform §6 can_explore).
    requireMainRight(user, 'can_explore');
    const source = await this.sources.resolve(params.datasource_id, params.datasource_type, user);
    const parsed = queryObjectSchema.safeParse({
      filters: body.filters ?? [],
      granularity: body.granularity ?? null,
      time_range: body.time_range ?? null,
      extras: body.extras ?? {},
      row_limit: params.per_page,
      row_offset: (params.page - 1) * params.per_page,
    });
    if (!parsed.success)
      throw new StrataHttpException(
        400,
        ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        `Invalid request: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
      );
    const base = parsed.data;
    const run = { force: params.force ?? false, resultType: 'samples' as const, resultFormat: 'json' };
    // Ordered, so that page 2 follows page 1 (drill to detail pages through the rows).
    const page = await this.service.runOne(source, samplesQuery(source, base, true), { ...run, resultType: 'full' });
    const total = await this.service.count(source, base, run);
    return { result: { ...(page as object), total_count: total, page: params.page, per_page: params.per_page } };
  }
}
