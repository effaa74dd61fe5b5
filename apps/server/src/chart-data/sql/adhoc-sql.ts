/**
 * Adhoc SQL fragments (adhoc metrics and columns, SQL filters, extras.where/having, calculated columns
 * and saved metrics) are pasted into generated queries, so each must be ONE expression: no statement
 * separator, no subquery, no UNION, no function on the SQL guard's list (sql-guard/sql-functions.ts:
 * files, other sessions, writes, settings, sleeping). The chart query also runs in the engine's read-only
 * transaction, which stays the last barrier.
 */
import { ErrorType } from '@strata/domain';
import { Parser } from 'node-sql-parser';
import type { Backend } from '../../engines/query-engine';
import { functionRule } from '../../sql-guard/sql-functions';

export type FragmentKind = 'expression' | 'where' | 'having';

export class UnsafeSqlError extends Error {
  readonly errorType = ErrorType.INVALID_SQL_ERROR;
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeSqlError';
  }
}

const parser = new Parser();

/** A line comment would swallow the closing parenthesis: the spec adds a newline before wrapping (§5). */
export function wrapFragment(fragment: string): string {
  return fragment.includes('--') ? `(${fragment}\n)` : `(${fragment})`;
}

function functionName(node: Record<string, unknown>): string {
  const name = node.name;
  if (typeof name === 'string') return name;
  // node-sql-parser 5: { name: [{ type, value }] } for schema-qualified names; the last part is the function.
  const parts = (name as { name?: { value?: unknown }[] } | undefined)?.name;
  if (Array.isArray(parts) && parts.length > 0) return String(parts[parts.length - 1]?.value ?? '');
  return '';
}

function walk(node: unknown, backend: Backend, root: boolean): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, backend, false);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const n = node as Record<string, unknown>;
  if (!root && (n.type === 'select' || 'ast' in n))
    throw new UnsafeSqlError('Custom SQL fields cannot contain sub-queries.');
  if (n._next || n.set_op) throw new UnsafeSqlError('Custom SQL fields cannot contain UNION or other set operations.');
  if (n.type === 'function' || n.type === 'aggr_func') {
    const name = functionName(n);
    // Every rule of the SQL guard's one list: a fragment is an expression over the dataset's columns.
    if (functionRule(backend, name) !== null)
      throw new UnsafeSqlError(`The function ${name} is not allowed in custom SQL.`);
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === 'loc') continue;
    walk(value, backend, false);
  }
}

/**
 * Parentheses must balance outside strings and comments: `x) OR (1` would otherwise escape the
 * parentheses the fragment is wrapped in and change the meaning of the query around it.
 */
function checkBalanced(text: string, backend: Backend): void {
  if (backend === 'postgresql' && /\$[A-Za-z_]*\$/.test(text))
    throw new UnsafeSqlError('Dollar-quoted strings are not allowed in custom SQL.');
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '#' && backend === 'mysql') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) throw new UnsafeSqlError('Custom SQL has an unterminated comment.');
      i = end + 2;
    } else if (c === "'" || c === '"' || (c === '`' && backend === 'mysql')) {
      const backslashes =
        backend === 'mysql' || (c === "'" && /[eE]/.test(text[i - 1] ?? '') && !/[A-Za-z0-9_]/.test(text[i - 2] ?? ''));
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new UnsafeSqlError('Custom SQL has an unterminated string or identifier.');
        if (backslashes && text[j] === '\\') {
          j += 2;
          continue;
        }
        if (text[j] === c) {
          if (text[j + 1] === c) {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      i = j + 1;
    } else {
      if (c === '(') depth++;
      if (c === ')') depth--;
      if (depth < 0) throw new UnsafeSqlError('Custom SQL has unbalanced parentheses.');
      if (c === ';') throw new UnsafeSqlError('Custom SQL must be one expression, not several statements.');
      i++;
    }
  }
  if (depth !== 0) throw new UnsafeSqlError('Custom SQL has unbalanced parentheses.');
}

/**
 * Checks that `fragment` is a single safe SQL expression for this dialect. Throws UnsafeSqlError with a
 * message a user can act on; returns the fragment wrapped in parentheses, ready to paste.
 */
export function validateFragment(fragment: string, backend: Backend, kind: FragmentKind): string {
  const trimmed = fragment.trim();
  if (trimmed === '') throw new UnsafeSqlError('Custom SQL cannot be empty.');
  if (trimmed.length > 20_000) throw new UnsafeSqlError('Custom SQL is too long.');
  checkBalanced(trimmed, backend);
  const wrapped = wrapFragment(trimmed);
  const probe =
    kind === 'expression'
      ? `SELECT ${wrapped} FROM strata_probe`
      : kind === 'where'
        ? `SELECT 1 FROM strata_probe WHERE ${wrapped}`
        : `SELECT 1 FROM strata_probe GROUP BY 1 HAVING ${wrapped}`;
  let ast: unknown;
  try {
    ast = parser.astify(probe, { database: backend === 'mysql' ? 'mysql' : 'postgresql' });
  } catch {
    throw new UnsafeSqlError(`Custom SQL could not be parsed as one expression: ${trimmed.slice(0, 200)}`);
  }
  if (Array.isArray(ast)) {
    if (ast.length !== 1) throw new UnsafeSqlError('Custom SQL must be one expression, not several statements.');
    ast = ast[0];
  }
  const select = ast as Record<string, unknown>;
  if (select.type !== 'select') throw new UnsafeSqlError('Custom SQL must be an expression.');
  const columns = select.columns as unknown[];
  if (kind === 'expression' && (!Array.isArray(columns) || columns.length !== 1))
    throw new UnsafeSqlError('Custom SQL must be one expression.');
  const from = select.from as unknown[] | null;
  if (!Array.isArray(from) || from.length !== 1) throw new UnsafeSqlError('Custom SQL must be one expression.');
  const part = kind === 'expression' ? columns : kind === 'where' ? select.where : select.having;
  if (select.with || select._next || select.set_op)
    throw new UnsafeSqlError('Custom SQL fields cannot contain sub-queries.');
  walk(part, backend, false);
  return wrapped;
}
