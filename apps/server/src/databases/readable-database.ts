/** The row of a database the user may read: 404 when unknown, 403 DATABASE_SECURITY_ACCESS_ERROR when not granted. */
import { ErrorType } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import type { DatabaseAccess } from './database-access';
import type { DatabaseRow } from './database-row';
import type { DatabasesService } from './databases.service';

export const databaseNotFound = () =>
  new StrataHttpException(404, ErrorType.DATABASE_NOT_FOUND_ERROR, 'Database not found.');

/** `/database/abc` names no database: 404, as for an id that does not exist. */
export function databaseIdOf(param: string): number {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw databaseNotFound();
  return id;
}

export async function readableDatabase(
  databases: DatabasesService,
  access: DatabaseAccess,
  id: number,
  user: CurrentUser,
): Promise<DatabaseRow> {
  const row = await databases.find(id);
  if (!row) throw databaseNotFound();
  if (!(await access.canAccess(user, id))) {
    throw new StrataHttpException(
      403,
      ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
      `You do not have access to the database ${row.database_name}.`,
    );
  }
  return row;
}
