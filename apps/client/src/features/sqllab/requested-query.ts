import { forgetPageBootstrap, pageBootstrap } from '../../shared/page-bootstrap';

/**
 * sqllab-and-platform §2: SQL Lab opened with a requested query (a datasource key and SQL), as a chart's "View query"
 * does by a router push carrying state or by a form post carrying form_data (a new browser tab), or on
 * a dataset (`?datasourceKey=`), with its SQL prefilled.
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
  const candidate = (state as { requestedQuery?: unknown } | null)?.requestedQuery as
    Partial<RequestedQuery> | undefined;
  if (!candidate || typeof candidate.datasourceKey !== 'string' || typeof candidate.sql !== 'string') return null;
  return { datasourceKey: candidate.datasourceKey, sql: candidate.sql };
}

/** The query a form post to /sqllab/ brought with the page, until SQL Lab has opened it. */
export function postedRequestedQuery(): RequestedQuery | null {
  return requestedQueryOf({ requestedQuery: pageBootstrap('requestedQuery') });
}

export function forgetPostedRequestedQuery(): void {
  forgetPageBootstrap('requestedQuery');
}
