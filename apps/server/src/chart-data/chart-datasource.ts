/**
 * Resolves the request's datasource: the dataset the user may read (404 otherwise), its database's
 * engine, and the dataset as chart SQL sees it (a virtual dataset's template rendered, its query passed
 * by the SQL guard: datasets/virtual-sql.ts, else a 400). A dataset the user may not read can still be
 * granted by a dashboard (DASHBOARD_RBAC): then the query context that runs is the one the dashboard
 * allows (dashboard-data-access.ts), not the request's.
 */
import { Injectable } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { DatasetsService } from '../datasets/datasets.service';
import type { DatasetJson } from '../datasets/dataset-json';
import { guardedVirtualSql } from '../datasets/virtual-sql';
import type { QueryEngine } from '../engines/query-engine';
import { SqlLabDatabases } from '../sqllab/execute/sqllab-databases';
import type { CacheTimeouts } from './chart-data-cache';
import { dashboardChartOf, DashboardDataAccess, type DashboardChartRef } from './dashboard-data-access';
import type { QueryContext } from './query-context.schema';
import type { ChartDatasource } from './sql/datasource-sql';

export interface ResolvedDatasource {
  dataset: DatasetJson;
  engine: QueryEngine;
  chart: ChartDatasource;
  /** The levels of REFERENCE §2.1's cache timeout this request reaches (chart-data-cache.ts cacheTimeoutOf). */
  cacheTimeouts: CacheTimeouts;
}

const DATASET_TYPES = ['table', 'dataset', 'sl_table'];

@Injectable()
export class ChartDatasources {
  constructor(
    private readonly datasets: DatasetsService,
    private readonly databases: SqlLabDatabases,
    private readonly dashboards: DashboardDataAccess,
    private readonly db: DataSource,
  ) {}

  /** A dataset the user may read. */
  async resolve(id: number, type: string, user: CurrentUser): Promise<ResolvedDatasource> {
    return (await this.open(id, type, user, null)).source;
  }

  /**
   * A chart data request's dataset and the query context to run: the request's own on a dataset the user
   * may read; on one a dashboard grants (form_data names the dashboard and chart), the dashboard's.
   */
  async resolveContext(
    context: QueryContext,
    user: CurrentUser,
  ): Promise<{ source: ResolvedDatasource; context: QueryContext }> {
    const opened = await this.open(context.datasource.id, context.datasource.type, user, context);
    return { source: opened.source, context: opened.context ?? context };
  }

  private async open(
    id: number,
    type: string,
    user: CurrentUser,
    request: QueryContext | null,
  ): Promise<{ source: ResolvedDatasource; context: QueryContext | null }> {
    if (!DATASET_TYPES.includes(type))
      throw new StrataHttpException(
        400,
        ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
        `Charts cannot query a datasource of type ${type}.`,
      );
    const readable = await this.datasets.get(id, user);
    const granted =
      readable || !request ? null : await this.throughDashboard(id, user, dashboardChartOf(request.form_data), request);
    const dataset = readable ?? granted?.dataset;
    if (!dataset)
      throw new StrataHttpException(
        404,
        ErrorType.OBJECT_DOES_NOT_EXIST_ERROR,
        'The dataset does not exist or you have no access to it.',
      );
    // The metadata questions below are independent: asked at once, a chart's request waits on one round trip
    // of the metadata store instead of four (a dashboard's charts queue behind each other's requests).
    // A dataset granted by a dashboard needs no database access of the user's own.
    const [database, mayQuery, engine, chartTimeout] = await Promise.all([
      this.databases.find(dataset.database.id),
      readable === null ? true : this.databases.canQuery(user, { id: dataset.database.id }),
      // Its failure (no such database) is the 403 below, as when it was asked after the check.
      this.databases.engine(dataset.database.id).catch((err: unknown) => err as Error),
      this.chartCacheTimeout(request?.form_data, dataset.id),
    ]);
    if (!database || !mayQuery) {
      throw new StrataHttpException(
        403,
        ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR,
        `This endpoint requires the datasource ${dataset.table_name}, database or \`all_datasource_access\` permission`,
      );
    }
    if (engine instanceof Error) throw engine;
    // Checked again at each run: a dataset saved before the SQL guard must not reach the database.
    const sql = dataset.sql ? await guardedVirtualSql(dataset.sql, dataset.template_params, engine.backend) : null;
    const source: ResolvedDatasource = {
      dataset,
      engine,
      chart: {
        backend: engine.backend,
        kind: dataset.kind,
        table_name: dataset.table_name,
        schema: dataset.schema,
        sql,
        columns: dataset.columns,
        metrics: dataset.metrics,
        main_dttm_col: dataset.main_dttm_col,
      },
      cacheTimeouts: {
        custom: request?.custom_cache_timeout ?? null,
        chart: chartTimeout,
        dataset: dataset.cache_timeout,
        database: database.cache_timeout,
      },
    };
    return { source, context: granted?.context ?? request };
  }

  /** The saved chart's own cache_timeout when form_data names a chart (`slice_id`) on this dataset. */
  private async chartCacheTimeout(formData: Record<string, unknown> | null | undefined, datasetId: number) {
    const sliceId = Number(formData?.slice_id);
    if (!Number.isSafeInteger(sliceId) || sliceId <= 0) return null;
    const rows: { cache_timeout: number | null }[] = await this.db.query(
      `SELECT cache_timeout FROM charts WHERE id = $1 AND datasource_id = $2`,
      [sliceId, datasetId],
    );
    return rows[0]?.cache_timeout ?? null;
  }

  /** The dataset of a chart or filter on a dashboard the user may view (DASHBOARD_RBAC), and what it lets them query; 403 when it grants nothing. */
  private async throughDashboard(
    id: number,
    user: CurrentUser,
    onDashboard: DashboardChartRef | null,
    request: QueryContext,
  ): Promise<{ dataset: DatasetJson; context: QueryContext } | null> {
    if (!onDashboard || !this.dashboards.enabled) return null;
    const dataset = await this.datasets.find(id);
    if (!dataset) return null;
    return { dataset, context: await this.dashboards.scope(user, dataset, onDashboard, request) };
  }
}
