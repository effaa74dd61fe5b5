/**
 * Resolves the request's datasource: the dataset the user may read (404 otherwise), its database's
 * engine, and the dataset as chart SQL sees it (a virtual dataset's template rendered).
 */
import { Injectable } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { DatasetsService } from '../datasets/datasets.service';
import type { DatasetJson } from '../datasets/dataset-json';
import type { QueryEngine } from '../engines/query-engine';
import { SqlLabDatabases } from '../sqllab/execute/sqllab-databases';
import { parseTemplateParams, renderSql } from '../sqllab/execute/template';
import { DashboardDataAccess, type DashboardChartRef } from './dashboard-data-access';
import type { ChartDatasource } from './sql/datasource-sql';

export interface ResolvedDatasource {
  dataset: DatasetJson;
  engine: QueryEngine;
  chart: ChartDatasource;
}

const DATASET_TYPES = ['table', 'dataset', 'sl_table'];

@Injectable()
export class ChartDatasources {
  constructor(
    private readonly datasets: DatasetsService,
    private readonly databases: SqlLabDatabases,
    private readonly dashboards: DashboardDataAccess,
  ) {}

  /** `onDashboard`: the dashboard chart the request comes from, which may grant the dataset under DASHBOARD_RBAC. */
  async resolve(id: number, type: string, user: CurrentUser, onDashboard: DashboardChartRef | null = null): Promise<ResolvedDatasource> {
    if (!DATASET_TYPES.includes(type)) throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, `Charts cannot query a datasource of type ${type}.`);
    const readable = await this.datasets.get(id, user);
    const dataset = readable ?? (await this.throughDashboard(id, user, onDashboard));
    if (!dataset) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'The dataset does not exist or you have no access to it.');
    const database = await this.databases.find(dataset.database.id);
    // A dataset granted by a dashboard needs no database access of the user's own.
    if (!database || !(readable === null || (await this.databases.canQuery(user, database)))) {
      throw new StrataHttpException(403, ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR, `This endpoint requires the datasource ${dataset.table_name}, database or \`all_datasource_access\` permission`);
    }
    const engine = await this.databases.engine(dataset.database.id);
    const sql = dataset.sql ? await renderSql(dataset.sql, parseTemplateParams(dataset.template_params)) : null;
    return {
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
    };
  }

  /** The dataset of a chart on a dashboard the user may view (DASHBOARD_RBAC); 403 when the dashboard does not grant it. */
  private async throughDashboard(id: number, user: CurrentUser, onDashboard: DashboardChartRef | null): Promise<DatasetJson | null> {
    if (!onDashboard || !this.dashboards.enabled) return null;
    const dataset = await this.datasets.find(id);
    if (!dataset) return null;
    if (!(await this.dashboards.grants(user, id, onDashboard))) {
      const why =
        onDashboard.chartId === null
          ? `No native filter of dashboard ${onDashboard.dashboardId} you may view reads the datasource ${dataset.table_name}.`
          : `Chart ${onDashboard.chartId} on dashboard ${onDashboard.dashboardId} does not give you access to the datasource ${dataset.table_name}.`;
      throw new StrataHttpException(403, ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR, why);
    }
    return dataset;
  }
}
