/**
 * A field-level diff of two JSON values (the object before and after an event): which keys were added,
 * removed or changed, by dotted path. Small on purpose: no diff library is installed, and the answers
 * compared are plain JSON (objects, arrays, scalars), never cyclic.
 */
export type DiffKind = 'added' | 'removed' | 'changed';

export interface DiffEntry {
  /** `slice_name`, `params.metrics.0`, `columns.2.verbose_name`; '' for the whole value. */
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Strings holding JSON (a chart's `params`, a dashboard's `position_json`) are compared as JSON. */
function parsedIfJson(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

export function jsonDiff(before: unknown, after: unknown, path = ''): DiffEntry[] {
  const a = parsedIfJson(before);
  const b = parsedIfJson(after);
  if (a === undefined && b === undefined) return [];
  if (a === undefined) return [{ path, kind: 'added', after: b }];
  if (b === undefined) return [{ path, kind: 'removed', before: a }];
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => jsonDiff(a[key], b[key], join(path, key)));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const length = Math.max(a.length, b.length);
    const entries: DiffEntry[] = [];
    for (let i = 0; i < length; i++) entries.push(...jsonDiff(a[i], b[i], join(path, i)));
    return entries;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path, kind: 'changed', before: a, after: b }];
}

/** A value as one short line for the diff table. */
export function showValue(value: unknown): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
