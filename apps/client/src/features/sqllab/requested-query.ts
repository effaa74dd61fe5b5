/**
 * spec §2: SQL Lab opened with a requested query (a datasource key and SQL), as a chart's "View query"
 * does by a router push carrying state, or on a dataset (`?datasourceKey=`), with its SQL prefilled.
 */
export interface RequestedQuery {
  /** '{id}__table': the dataset whose database and schema the new tab opens on. */
  datasourceKey: string;
  sql: string;
}

/** The router state a link to SQL Lab carries. */
export const sqlLabLinkState = (requestedQuery: RequestedQuery) => ({ requestedQuery });

/** The requested query of a router state, if it holds a well-formed one. */
export function requestedQueryOf(state: unknown): RequestedQuery | null {
  const candidate = (state as { requestedQuery?: unknown } | null)?.requestedQuery as Partial<RequestedQuery> | undefined;
  if (!candidate || typeof candidate.datasourceKey !== 'string' || typeof candidate.sql !== 'string') return null;
  return { datasourceKey: candidate.datasourceKey, sql: candidate.sql };
}
