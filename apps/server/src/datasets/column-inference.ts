/**
 * A new dataset's columns, asked of its database: a virtual dataset's query (already passed by the SQL
 * guard, virtual-sql.ts) runs wrapped as a subquery with LIMIT 1 in a read-only transaction that is
 * rolled back; a physical dataset reads the table's metadata.
 */
import { Injectable } from '@nestjs/common';
import { datasetColumn, ErrorType, type DatasetColumn } from '@strata/domain';
import { StrataHttpException } from '../common/error-body';
import { AppConfig } from '../config/app-config';
import { EngineError, type ResultColumn } from '../engines/query-engine';
import { SqlLabDatabases } from '../sqllab/execute/sqllab-databases';

const unprocessable = (errorType: string, message: string) =>
  new StrataHttpException(422, errorType as ErrorType, message);

@Injectable()
export class ColumnInference {
  constructor(
    private readonly databases: SqlLabDatabases,
    private readonly config: AppConfig,
  ) {}

  /** `statement`: the query as guardedVirtualSql returned it. */
  async ofQuery(databaseId: number, statement: string, schema: string | null): Promise<DatasetColumn[]> {
    const engine = await this.databases.engine(databaseId);
    const session = await engine.openSession({ waitMs: this.config.sqllab.timeoutSec * 1000 });
    try {
      await session.begin({ readOnly: true, schema });
      const result = await session.execute(`SELECT * FROM (\n${statement}\n) AS virtual_table LIMIT 1`, {
        maxRows: 1,
        timeoutMs: this.config.sqllab.timeoutSec * 1000,
      });
      await session.rollback();
      return result.columns.map((c: ResultColumn) => datasetColumn(c));
    } catch (error) {
      if (error instanceof EngineError)
        throw unprocessable(error.errorType, `The dataset's columns could not be read: ${error.message}`);
      throw error;
    } finally {
      await session.release();
    }
  }

  async ofTable(databaseId: number, schema: string, table: string): Promise<DatasetColumn[]> {
    const engine = await this.databases.engine(databaseId);
    try {
      const metadata = await engine.tableMetadata(schema, table);
      return metadata.columns.map((c) => datasetColumn(c));
    } catch (error) {
      if (error instanceof EngineError) {
        throw unprocessable(
          ErrorType.TABLE_DOES_NOT_EXIST_ERROR,
          `Table [${table}] could not be found, please double check your database connection, schema, and table name.`,
        );
      }
      throw error;
    }
  }
}
