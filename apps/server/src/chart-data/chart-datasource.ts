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
  ) {}

  async resolve(id: number, type: string, user: CurrentUser): Promise<ResolvedDatasource> {
    if (!DATASET_TYPES.includes(type)) throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, `Charts cannot query a datasource of type ${type}.`);
    const dataset = await this.datasets.get(id, user);
    if (!dataset) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'The dataset does not exist or you have no access to it.');
    const database = await this.databases.find(dataset.database.id);
    if (!database || !(await this.databases.canQuery(user, database))) {
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
}
