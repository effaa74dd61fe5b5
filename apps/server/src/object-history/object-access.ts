/**
 * Who may read an object's history and past states: whoever may read it now (its plain GET's rule, passed
 * in as `readableNow`, checked on every request). An object deleted since has no "now": admins, and for a
 * past state those who owned it then (`ownersOf` of that state), may read it.
 */
import { ErrorType, isAdmin } from '@strata/domain';
import type { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { TABLES, type ObjectKind } from './object-kinds';

export const objectNotFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

export type Access = 'readable' | 'deleted';

/**
 * 'readable' when the plain GET answers the user; 'deleted' when the object is gone; 404 when it exists
 * and the user may not read it (as its GET answers; a GET that throws its own 403 throws here too).
 */
export async function objectAccess(
  dataSource: DataSource,
  kind: ObjectKind,
  id: number,
  readableNow: () => Promise<unknown>,
): Promise<Access> {
  if ((await readableNow()) != null) return 'readable';
  const rows = (await dataSource.query(`SELECT 1 FROM ${TABLES[kind]} WHERE id = $1`, [id])) as unknown[];
  if (rows.length > 0) throw objectNotFound();
  return 'deleted';
}

/** The history of a deleted object: admins only. */
export function checkDeletedHistory(user: CurrentUser): void {
  if (!isAdmin(user)) throw objectNotFound();
}
