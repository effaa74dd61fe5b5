/**
 * The three row limits of SQL Lab (REFERENCE §1.4-1.5) and how the SQL's own LIMIT and the limit
 * dropdown combine. Pure: the server plans a run with it, the client explains a result with it.
 */

/** Default of the limit dropdown. */
export const DEFAULT_SQLLAB_LIMIT = 1000;
/** Hard cap of any SQL Lab fetch; the dropdown is clamped to it. */
export const SQL_MAX_ROW = 100_000;
/** Rows the browser receives; the CSV export is not capped by it. */
export const DISPLAY_MAX_ROW = 10_000;

/** Which limit truncated a result (or none): the client picks its warning from it. */
export enum LimitingFactor {
  QUERY = 'QUERY',
  DROPDOWN = 'DROPDOWN',
  QUERY_AND_DROPDOWN = 'QUERY_AND_DROPDOWN',
  NOT_LIMITED = 'NOT_LIMITED',
  UNKNOWN = 'UNKNOWN',
}

export interface LimitPlan {
  /** Rows to keep; the engine is asked for limit + 1 to learn whether more existed. */
  limit: number;
  /** The factor if the result turns out truncated. */
  limitingFactor: LimitingFactor;
}

const positive = (n: number | null): number | null =>
  n === null || !Number.isFinite(n) || n < 0 ? null : Math.floor(n);

/**
 * REFERENCE §1.5: no LIMIT in the SQL or a larger one -> DROPDOWN; a smaller SQL LIMIT -> QUERY; equal ->
 * QUERY_AND_DROPDOWN. The dropdown defaults to DEFAULT_SQLLAB_LIMIT and every limit is clamped to
 * SQL_MAX_ROW, so no run ever fetches more than that.
 */
export function planLimit(sqlLimit: number | null, dropdownLimit: number | null): LimitPlan {
  const dropdown = Math.min(positive(dropdownLimit) ?? DEFAULT_SQLLAB_LIMIT, SQL_MAX_ROW);
  const query = positive(sqlLimit);
  if (query === null || query > dropdown) return { limit: dropdown, limitingFactor: LimitingFactor.DROPDOWN };
  if (query < dropdown) return { limit: query, limitingFactor: LimitingFactor.QUERY };
  return { limit: query, limitingFactor: LimitingFactor.QUERY_AND_DROPDOWN };
}

export interface SettledLimit {
  /** Rows to keep (the extra probe row dropped). */
  rows: number;
  limitingFactor: LimitingFactor;
}

/**
 * The limit + 1 outcome: when at most `limit` rows came back the result is complete (NOT_LIMITED);
 * otherwise the probe row is dropped and the planned factor says what cut the result.
 */
export function settleLimit(plan: LimitPlan, rowsFetched: number): SettledLimit {
  if (rowsFetched <= plan.limit) return { rows: rowsFetched, limitingFactor: LimitingFactor.NOT_LIMITED };
  return { rows: plan.limit, limitingFactor: plan.limitingFactor };
}

/** True when the browser gets fewer rows than the result holds (suggest the CSV export). */
export function displayLimitReached(rows: number, displayMaxRow: number = DISPLAY_MAX_ROW): boolean {
  return rows > displayMaxRow;
}

/** The rows the browser receives: the first `displayMaxRow` ones. */
export function truncateForDisplay<T>(
  rows: readonly T[],
  displayMaxRow: number = DISPLAY_MAX_ROW,
): { data: T[]; displayLimitReached: boolean } {
  const reached = displayLimitReached(rows.length, displayMaxRow);
  return { data: reached ? rows.slice(0, displayMaxRow) : [...rows], displayLimitReached: reached };
}
