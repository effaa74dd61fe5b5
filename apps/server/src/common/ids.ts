/**
 * Ids of stored rows are PostgreSQL `integer`s. A larger number that reached a query failed there with
 * "out of range for type integer", a 500; every schema that reads an id uses these instead, so it is a
 * 400 at the edge.
 */
import { ErrorType } from '@strata/domain';
import { z } from 'zod';
import { StrataHttpException } from './error-body';

export const INT32_MAX = 2_147_483_647;

/** An id in a JSON body: a whole number 1..2147483647. */
export const recordId = z.number().int().positive().max(INT32_MAX);

/** An id that may arrive as text (query string, rison, form data). */
export const coercedRecordId = z.coerce.number().int().positive().max(INT32_MAX);

/**
 * The `:id` of a path, or 404 as for an id that names nothing: a path is an address, so a malformed one
 * is a page that does not exist (nine digits at most, so it is always a PostgreSQL integer).
 */
export function pathId(param: string): number {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');
  return id;
}
