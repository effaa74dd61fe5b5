import { formatMessage } from '../../platform/text/format';

/**
 * A query result as the post-processing steps see it: rows of records, like a pandas DataFrame.
 * `index` names the columns that form the row index (pivot sets it, flatten resets it); `levels` keeps,
 * for columns made by pivot, the tuple a flattened name stands for ('SUM(x), boy' is ['SUM(x)', 'boy']),
 * so later steps can address every column of one metric, as pandas does with MultiIndex columns.
 */
export interface DataFrame {
  columns: string[];
  rows: Record<string, unknown>[];
  index?: string[];
  levels?: Record<string, readonly string[]>;
  /**
   * Columns whose numbers are epoch ms (the chart data answer's temporal columns): pivot names their values
   * as pandas names Timestamps ('2001-01-02 00:00:00'), not as numbers.
   */
  temporal?: readonly string[];
}

export interface PostProcessingRule {
  operation: string;
  options?: Record<string, unknown>;
}

/** Bad options or data for a step; the server answers 400 with the message. */
export class PostProcessingError extends Error {
  constructor(template: string, ...args: unknown[]) {
    super(formatMessage(template, ...args));
    this.name = 'PostProcessingError';
  }
}

export const PostProcessingMessages = {
  UNSUPPORTED_OPERATION: 'Unsupported post processing operation: %s',
  NOT_SUPPORTED: 'The post processing operation %s is not supported by Strata',
  MISSING_COLUMNS: 'Referenced columns not available in DataFrame: %s',
  BAD_OPTION: 'Invalid option %s for %s: %s',
} as const;

/** pandas' separator of flattened MultiIndex column names ('SUM(num), boy'). */
export const FLAT_COLUMN_SEPARATOR = ', ';

/** Level values containing the separator are escaped so a flattened name can be split back. */
export function flattenLevels(levels: readonly string[]): string {
  return levels
    .filter((level) => level !== '')
    .map((level) => level.split(FLAT_COLUMN_SEPARATOR).join(`\\${FLAT_COLUMN_SEPARATOR}`))
    .join(FLAT_COLUMN_SEPARATOR);
}

/** Missing as pandas sees it: null, undefined and NaN. */
export function isMissing(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));
}

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The number a cell holds, or null. Drivers hand NUMERIC and BIGINT columns back as strings or bigints,
 * so numeric text counts as a number; dates and booleans do not.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return Number(value);
  return null;
}

/** A JSON-safe number cell: NaN and infinities (0/0, x/0) become null. */
export function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** Epoch milliseconds of a temporal cell: a Date, epoch ms, or an ISO text (UTC unless it says otherwise). */
export function toTime(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const text = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value.slice(10)) ? value : `${value.replace(' ', 'T')}Z`;
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** Builds temporal cells of the same kind as `sample` (Date, epoch ms or ISO text) from epoch ms. */
export function temporalLike(sample: unknown): (ms: number) => unknown {
  if (typeof sample === 'number') return (ms) => ms;
  if (typeof sample === 'string') return (ms) => new Date(ms).toISOString().replace('.000Z', '').replace('Z', '');
  return (ms) => new Date(ms);
}

/** pandas' str() of a value used as a column name. */
export function labelOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (isMissing(value)) return 'nan';
  return String(value);
}

/**
 * Sort order of pandas for one level: numbers and dates by value, text by code point, missing last.
 * Mixed kinds (which pandas refuses) order numbers before text so the result is still deterministic.
 */
export function compareValues(a: unknown, b: unknown): number {
  const am = isMissing(a);
  const bm = isMissing(b);
  if (am || bm) return am === bm ? 0 : am ? 1 : -1;
  const an = a instanceof Date ? a.getTime() : typeof a === 'number' || typeof a === 'bigint' ? Number(a) : null;
  const bn = b instanceof Date ? b.getTime() : typeof b === 'number' || typeof b === 'bigint' ? Number(b) : null;
  if (an !== null && bn !== null) return an - bn;
  if (an !== null) return -1;
  if (bn !== null) return 1;
  const as = String(a);
  const bs = String(b);
  return as < bs ? -1 : as > bs ? 1 : 0;
}

export function compareTuples(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

/** Fails with the missing names when a step refers to columns the frame does not have. */
export function requireColumns(frame: DataFrame, names: readonly string[]): void {
  const missing = names.filter((name) => !frame.columns.includes(name));
  if (missing.length > 0) throw new PostProcessingError(PostProcessingMessages.MISSING_COLUMNS, missing.join(', '));
}

/** The columns of the frame that are not its index. */
export function valueColumns(frame: DataFrame): string[] {
  const index = new Set(frame.index ?? []);
  return frame.columns.filter((c) => !index.has(c));
}

/**
 * The columns a name refers to: the column itself, or, in a pivoted frame, every column whose first
 * level is that name (all series of one metric), as `df[metric]` selects on MultiIndex columns.
 */
export function resolveColumns(frame: DataFrame, name: string): string[] {
  if (frame.levels) {
    const matches = valueColumns(frame).filter((c) => frame.levels![c]?.[0] === name);
    if (matches.length > 0) return matches;
  }
  if (frame.columns.includes(name)) return [name];
  throw new PostProcessingError(PostProcessingMessages.MISSING_COLUMNS, name);
}

/** Levels of a column: its pivot tuple, or just its name. */
export function levelsOf(frame: DataFrame, column: string): readonly string[] {
  return frame.levels?.[column] ?? [column];
}

/** A copy of the frame with `levels` entries for new columns added (and none kept for dropped ones). */
export function withColumns(
  frame: DataFrame,
  columns: string[],
  rows: Record<string, unknown>[],
  newLevels: Record<string, readonly string[]> = {},
): DataFrame {
  const out: DataFrame = { columns, rows };
  if (frame.index) out.index = frame.index.filter((c) => columns.includes(c));
  if (frame.levels) {
    const levels: Record<string, readonly string[]> = {};
    for (const c of columns) {
      const l = newLevels[c] ?? frame.levels[c];
      if (l) levels[c] = l;
    }
    out.levels = levels;
  }
  return out;
}
