/**
 * Column names and types for a dataset, inferred from every value of each column: dates and timestamps
 * become DATE/TIMESTAMP, numbers INTEGER/BIGINT/DOUBLE PRECISION, so users can filter and aggregate the
 * examples as they would real tables. A column whose values disagree falls back to TEXT.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export type ColumnType =
  'integer' | 'bigint' | 'double precision' | 'boolean' | 'date' | 'timestamp' | 'timestamptz' | 'text';

export type SqlValue = string | number | boolean | null;

export interface ColumnPlan {
  /** The key in the source records. */
  source: string;
  /** snake_case SQL name. */
  name: string;
  type: ColumnType;
  convert(value: unknown): SqlValue;
}

export interface InferOptions {
  /** CSV has only strings: read "12" and "1.5" as numbers. JSON strings stay strings. */
  numericStrings: boolean;
}

type Kind = 'int' | 'float' | 'bool' | 'date' | 'timestamp' | 'timestamptz' | 'text';

const INT = /^-?(?:0|[1-9]\d*)$/;
const FLOAT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;
const ISO_DATE = /^(\d{4})[-/](\d{2})[-/](\d{2})$/;
const LOCAL_TIMESTAMP = /^(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/;
const ZONED_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** "Jan 1 2000", "Jun 12 1998", "January 5, 2001". */
const MONTH_NAME_DATE = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/;
const INT4_MAX = 2147483647;

export function snakeCase(name: string): string {
  const s = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (s === '') return 'column';
  return /^\d/.test(s) ? `c_${s}` : s;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** The value's kind and its SQL form (ISO text for dates and timestamps). */
function classify(value: unknown, options: InferOptions): { kind: Kind; sql: SqlValue } | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return { kind: Number.isInteger(value) ? 'int' : 'float', sql: value };
  }
  if (typeof value === 'boolean') return { kind: 'bool', sql: value };
  if (typeof value !== 'string') return { kind: 'text', sql: JSON.stringify(value) };
  const s = value.trim();
  if (options.numericStrings) {
    if (INT.test(s) && Number.isSafeInteger(Number(s))) return { kind: 'int', sql: Number(s) };
    if (FLOAT.test(s)) return { kind: 'float', sql: Number(s) };
  }
  let m = ISO_DATE.exec(s);
  if (m) {
    const date = validDate(+m[1], +m[2], +m[3]);
    if (date) return { kind: 'date', sql: date };
  }
  m = LOCAL_TIMESTAMP.exec(s);
  if (m) {
    const date = validDate(+m[1], +m[2], +m[3]);
    if (date && +m[4] < 24 && +m[5] < 60 && +(m[6] ?? 0) < 60) {
      return { kind: 'timestamp', sql: `${date} ${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ?? ''}` };
    }
  }
  if (ZONED_TIMESTAMP.test(s) && !Number.isNaN(Date.parse(s))) return { kind: 'timestamptz', sql: s };
  m = MONTH_NAME_DATE.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[1].toLowerCase()) + 1;
    const date = month > 0 ? validDate(+m[3], month, +m[2]) : null;
    if (date) return { kind: 'date', sql: date };
  }
  return { kind: 'text', sql: value };
}

/** The narrowest type that holds every kind seen in a column. */
function columnType(kinds: Set<Kind>, maxAbsInt: number): ColumnType {
  const only = (...allowed: Kind[]) => [...kinds].every((k) => allowed.includes(k));
  if (kinds.size === 0) return 'text';
  if (only('int')) return maxAbsInt > INT4_MAX ? 'bigint' : 'integer';
  if (only('int', 'float')) return 'double precision';
  if (only('bool')) return 'boolean';
  if (only('date')) return 'date';
  if (only('date', 'timestamp')) return 'timestamp';
  if (only('timestamptz')) return 'timestamptz';
  return 'text';
}

function converter(type: ColumnType, options: InferOptions): (value: unknown) => SqlValue {
  return (value) => {
    const c = classify(value, options);
    if (c === null) return null;
    if (type === 'text') return typeof value === 'string' ? value : typeof c.sql === 'string' ? c.sql : String(c.sql);
    return c.sql;
  };
}

/** Reads every value once; yields to the event loop every few thousand rows (200,000-row files). */
export async function planColumns(
  rows: readonly Record<string, unknown>[],
  options: InferOptions,
): Promise<ColumnPlan[]> {
  const sources: string[] = [];
  const stats = new Map<string, { kinds: Set<Kind>; maxAbsInt: number }>();
  for (let r = 0; r < rows.length; r++) {
    if (r > 0 && r % 5000 === 0) await yieldToEventLoop();
    const row = rows[r];
    for (const key of Object.keys(row)) {
      let stat = stats.get(key);
      if (!stat) {
        stat = { kinds: new Set(), maxAbsInt: 0 };
        stats.set(key, stat);
        sources.push(key);
      }
      const c = classify(row[key], options);
      if (!c) continue;
      stat.kinds.add(c.kind);
      if (c.kind === 'int') stat.maxAbsInt = Math.max(stat.maxAbsInt, Math.abs(c.sql as number));
    }
  }
  const used = new Set<string>();
  return sources.map((source) => {
    const { kinds, maxAbsInt } = stats.get(source)!;
    let name = snakeCase(source);
    for (let n = 2; used.has(name); n++) name = `${snakeCase(source)}_${n}`;
    used.add(name);
    const type = columnType(kinds, maxAbsInt);
    return { source, name, type, convert: converter(type, options) };
  });
}
