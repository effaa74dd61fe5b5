/**
 * Ids of stored rows are PostgreSQL `integer`s. A larger number that reached a query failed there with
 * "out of range for type integer", a 500; every schema that reads an id uses these instead, so it is a
 * 400 at the edge.
 */
import { z } from 'zod';

export const INT32_MAX = 2_147_483_647;

/** An id in a JSON body: a whole number 1..2147483647. */
export const recordId = z.number().int().positive().max(INT32_MAX);

/** An id that may arrive as text (query string, rison, form data). */
export const coercedRecordId = z.coerce.number().int().positive().max(INT32_MAX);
