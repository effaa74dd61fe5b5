/**
 * `GET|POST /superset/explore_json/` and `/superset/explore_json/<datasource_type>/<datasource_id>/`
 * (charts-dashboards-reports §2, §7 legacy data flow): the form data in the query string or the body
 * (`form_data`, JSON text or object); `?force=true`; `?csv=true`, `?xlsx=true` (downloads, can_csv),
 * `?query=true` ({query, language}), `?results=true` ({data, ...}), `?samples=true` ({data, ...}); otherwise
 * the legacy payload `{data, query, status, form_data, ...}` of the chart's query (explore-json.ts).
 * It is Explore's: READ on Chart and can_explore, then the dataset's own access as for chart data. The query
 * is the one Explore builds for the same form (the domain's buildQueryContext), run by chart data.
 * Limits: one payload per request, of the chart's first query; always synchronous (no 202 job).
 */
import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View, type DatasourceColumn } from '@strata/domain';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import { parsedParams } from '../../charts/chart-json';
import { StrataHttpException } from '../../common/error-body';
import { requireMainRight } from '../../common/main-rights';
import { ChartDataService } from '../chart-data.service';
import { ChartDatasources } from '../chart-datasource';
import { buildQueryContext, QueryContextError } from '../explore-domain';
import { toCsv, toXlsx, type Table } from '../export-format';
import { queryContextSchema, type QueryContext } from '../query-context.schema';
import {
  legacyPayload,
  legacyResponseType,
  legacyTarget,
  requestFormData,
  sliceIdOf,
  type LegacyResponseType,
} from './explore-json';

type Fields = Record<string, unknown>;

const bad = (message: string) => new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, message);

@Controller('superset/explore_json')
export class ExploreJsonController {
  constructor(
    private readonly service: ChartDataService,
    private readonly sources: ChartDatasources,
    private readonly db: DataSource,
  ) {}

  @Get()
  @RequirePermission(Permission.READ, View.CHART)
  get(@Query() query: Fields, @ReqUser() user: CurrentUser, @Res({ passthrough: true }) res: Response) {
    return this.answer(undefined, query, {}, user, res);
  }

  @Post()
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.CHART)
  post(
    @Req() req: Request,
    @Query() query: Fields,
    @ReqUser() user: CurrentUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(req.body as unknown, query, {}, user, res);
  }

  @Get(':datasourceType/:datasourceId')
  @RequirePermission(Permission.READ, View.CHART)
  getFor(
    @Param('datasourceType') datasourceType: string,
    @Param('datasourceId') datasourceId: string,
    @Query() query: Fields,
    @ReqUser() user: CurrentUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(undefined, query, { datasourceType, datasourceId }, user, res);
  }

  @Post(':datasourceType/:datasourceId')
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.CHART)
  postFor(
    @Param('datasourceType') datasourceType: string,
    @Param('datasourceId') datasourceId: string,
    @Req() req: Request,
    @Query() query: Fields,
    @ReqUser() user: CurrentUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(req.body as unknown, query, { datasourceType, datasourceId }, user, res);
  }

  private async answer(
    body: unknown,
    query: Fields,
    path: { datasourceType?: string; datasourceId?: string },
    user: CurrentUser,
    res: Response,
  ): Promise<unknown> {
    requireMainRight(user, 'can_explore');
    const type = legacyResponseType(query);
    if (type === 'csv' || type === 'xlsx') requireMainRight(user, 'can_csv');
    const requested = requestFormData(body, query);
    const formData = await this.withSavedChart(requested, user);
    const target = legacyTarget(formData, path);
    const datasource = { id: target.id, type: target.type };
    // Explore's data: the user reads the dataset itself (404/403); its columns shape the query as Explore's page does.
    const source = await this.sources.resolve(target.id, target.type, user);
    const context = this.queryContext(formData, datasource, source.dataset.columns, type, query.force === 'true');
    const [first] = await this.service.run(source, context);
    const r = (first ?? {}) as Fields;
    switch (type) {
      case 'full':
        return legacyPayload(first, formData);
      case 'query':
        return { query: r.query ?? '', language: r.language ?? 'sql' };
      case 'results':
      case 'samples':
        return {
          data: r.data ?? [],
          colnames: r.colnames ?? [],
          coltypes: r.coltypes ?? [],
          rowcount: r.rowcount ?? 0,
        };
      case 'csv':
      case 'xlsx': {
        const table = r as unknown as Table;
        const name = `${source.dataset.table_name.replace(/[^\w.-]+/g, '_')}`;
        if (type === 'csv') {
          res.setHeader('content-type', 'text/csv; charset=utf-8');
          res.setHeader('content-disposition', `attachment; filename="${name}.csv"`);
          res.send(toCsv(table, source.dataset.verbose_map));
        } else {
          res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
          res.setHeader('content-disposition', `attachment; filename="${name}.xlsx"`);
          res.send(await toXlsx([table], source.dataset.verbose_map));
        }
        return undefined;
      }
      default: {
        const unknown: never = type;
        return unknown;
      }
    }
  }

  /** A form naming a saved chart starts from that chart's controls; the request's own win. */
  private async withSavedChart(formData: Fields, user: CurrentUser): Promise<Fields> {
    const sliceId = sliceIdOf(formData);
    if (sliceId === null) return formData;
    const [row] = (await this.db.query(
      `SELECT viz_type, params, datasource_id, datasource_type FROM charts WHERE id = $1`,
      [sliceId],
    )) as { viz_type: string; params: string | null; datasource_id: number; datasource_type: string }[];
    if (!row)
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, `The chart ${sliceId} does not exist.`);
    // The saved chart's dataset must be readable by the user too, even if the request names another.
    await this.sources.resolve(row.datasource_id, row.datasource_type, user);
    return {
      ...parsedParams(row.params),
      viz_type: row.viz_type,
      datasource: `${row.datasource_id}__${row.datasource_type}`,
      ...formData,
    };
  }

  private queryContext(
    formData: Fields,
    datasource: { id: number; type: string },
    columns: readonly DatasourceColumn[],
    type: LegacyResponseType,
    force: boolean,
  ): QueryContext {
    const file = type === 'csv' || type === 'xlsx';
    let built: object;
    try {
      built = buildQueryContext(
        {
          ...formData,
          force: force || formData.force === true,
          result_type: file ? 'full' : type,
          result_format: file ? type : 'json',
        },
        { ...datasource, columns },
      );
    } catch (error) {
      if (error instanceof QueryContextError) throw bad(error.message);
      throw error;
    }
    const parsed = queryContextSchema.safeParse({ ...built, form_data: formData });
    if (!parsed.success)
      throw bad(`Invalid form_data: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return parsed.data;
  }
}
