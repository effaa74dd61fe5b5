/**
 * Execute's success payload (REFERENCE §1.2 QueryExecutionResponseSchema), shared by execute, its
 * idempotent replay and /results/: built from the stored bytes of the rows, with the rest of the fields
 * serialized around them, so no answer parses or re-serializes the rows.
 */
import type { QueryDict } from '../queries/query-row';
import type { SerializedResult } from './serialized-result';

export function successPayload(query: QueryDict, result: SerializedResult, displayRows: number): Buffer {
  const truncated = result.rowCount > displayRows;
  const head = `{"query_id":${JSON.stringify(query.queryId)},"status":${JSON.stringify(query.state)},"data":`;
  const tail = {
    columns: result.header.columns,
    selected_columns: result.header.selected_columns,
    expanded_columns: result.header.expanded_columns,
    query,
    ...(truncated ? { displayLimitReached: true } : {}),
  };
  // `{"columns":...}` without its opening brace continues the object after "data".
  const rest = `,${JSON.stringify(tail).slice(1)}`;
  return Buffer.concat([Buffer.from(head), result.dataJson(displayRows), Buffer.from(rest)]);
}
