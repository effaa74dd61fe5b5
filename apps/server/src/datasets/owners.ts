/** Owners named in a request must be users (Superset answers 422 "Owners are invalid" otherwise). */
import { ErrorType } from '@strata/domain';
import type { DataSource } from 'typeorm';
import { StrataHttpException } from '../common/error-body';

export async function checkOwners(dataSource: DataSource, ids: readonly number[] | null | undefined): Promise<void> {
  if (!ids || ids.length === 0) return;
  const unique = [...new Set(ids)];
  const rows = (await dataSource.query(`SELECT id FROM users WHERE id = ANY($1::int[])`, [unique])) as { id: number }[];
  if (rows.length !== unique.length)
    throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, 'Owners are invalid');
}
