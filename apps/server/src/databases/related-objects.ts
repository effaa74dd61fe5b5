/**
 * What uses a database (Superset's GET /api/v1/database/{id}/related_objects/): its datasets and the
 * charts built on them. Read from the read models (`datasets`, `charts`) so this module needs nothing
 * from the datasets or charts modules; a delete is refused while datasets remain (as Superset).
 */
import { ErrorType } from '@strata/domain';
import type { DataSource } from 'typeorm';
import { StrataHttpException } from '../common/error-body';

export interface RelatedObjects {
  charts: { count: number; result: { id: number; slice_name: string; viz_type: string }[] };
  datasets: { count: number; result: { id: number; table_name: string; schema: string | null }[] };
}

export async function relatedObjects(db: Pick<DataSource, 'query'>, databaseId: number): Promise<RelatedObjects> {
  const datasets = (await db.query(
    `SELECT id, table_name, schema FROM datasets WHERE database_id = $1 ORDER BY table_name, id`,
    [databaseId],
  )) as RelatedObjects['datasets']['result'];
  const charts = (await db.query(
    `SELECT c.id, c.slice_name, c.viz_type FROM charts c
       JOIN datasets d ON d.id = c.datasource_id AND c.datasource_type = 'table'
      WHERE d.database_id = $1 ORDER BY c.slice_name, c.id`,
    [databaseId],
  )) as RelatedObjects['charts']['result'];
  return { charts: { count: charts.length, result: charts }, datasets: { count: datasets.length, result: datasets } };
}

/** Superset's DatabaseDeleteDatasetsExistFailedError: the datasets (and their charts) go first. */
export function datasetsExist(count: number): StrataHttpException {
  return new StrataHttpException(
    422,
    ErrorType.GENERIC_COMMAND_ERROR,
    `Cannot delete a database that has datasets attached (${count}). Delete its datasets first.`,
  );
}
