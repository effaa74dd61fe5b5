import { ExploreMessages } from './constants';

/**
 * charts-dashboards-reports §5: order-by options must be valid JSON objects or strings (an orderby entry is stored as the
 * JSON text of `[column_or_metric, ascending]`), else 'Found invalid orderby options'.
 */
export function validateOrderByOptions(options: readonly unknown[]): string | null {
  for (const option of options) {
    if (typeof option === 'object' && option !== null) continue;
    if (typeof option !== 'string') return ExploreMessages.INVALID_ORDERBY;
    try {
      JSON.parse(option);
    } catch {
      return ExploreMessages.INVALID_ORDERBY;
    }
  }
  return null;
}

/** The JSON text of one raw-mode ordering: `["col", true]` (true = ascending). */
export function orderByOption(column: string, ascending: boolean): string {
  return JSON.stringify([column, ascending]);
}
