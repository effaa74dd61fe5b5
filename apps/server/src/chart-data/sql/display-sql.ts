/**
 * DISPLAY ONLY. Chart queries run with their values bound (EngineSession StatementOptions.params:
 * pg's Bind message, a MySQL prepared statement); nothing here is ever executed. The chart data response
 * shows users its SQL (`query` of a payload, result_type "query"), and that text must be readable and
 * copy-pasteable into SQL Lab, so the values are rendered as literals of the dialect here, for showing.
 */
import type { CompiledQuery } from 'kysely';
import { escapeLiteral } from 'pg';
import type { Backend } from '../../engines/query-engine';

function literal(value: unknown, backend: Backend): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('A query parameter is not a finite number.');
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return backend === 'mysql' ? (value ? '1' : '0') : value ? 'TRUE' : 'FALSE';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (text.includes('\0')) throw new Error('A query parameter contains a NUL character.');
  return backend === 'mysql' ? mysqlLiteral(text) : escapeLiteral(text);
}

/**
 * Quotes are doubled, never backslash-escaped: `''` is a quote in every sql_mode, while `\'` ends the string
 * when the server runs with NO_BACKSLASH_ESCAPES (a value could then close the literal). Backslashes are
 * doubled for the default mode; under NO_BACKSLASH_ESCAPES that only doubles them in the data.
 */
export function mysqlLiteral(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The compiled query as one SQL text for this dialect, to SHOW to users (never to run). */
export function displaySql(compiled: CompiledQuery, backend: Backend): string {
  const params = compiled.parameters;
  if (backend === 'mysql') {
    // MySQL placeholders are `?`; Kysely never emits a `?` of its own outside parameters, but a
    // validated fragment may contain one inside a string literal: walk the text and skip literals.
    let i = 0;
    let out = '';
    let quote: string | null = null;
    for (let k = 0; k < compiled.sql.length; k++) {
      const c = compiled.sql[k];
      if (quote) {
        out += c;
        if (c === '\\' && quote !== '`') {
          out += compiled.sql[++k] ?? '';
        } else if (c === quote) {
          quote = null;
        }
      } else if (c === "'" || c === '"' || c === '`') {
        quote = c;
        out += c;
      } else if (c === '?') {
        out += literal(params[i++], backend);
      } else {
        out += c;
      }
    }
    if (i !== params.length) throw new Error('The compiled query and its parameters do not match.');
    return out;
  }
  // PostgreSQL placeholders are $1..$n; one pass that leaves '...' and "..." alone.
  let out = '';
  let quote: string | null = null;
  const text = compiled.sql;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (quote) {
      if (c === quote) quote = null;
      out += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      out += c;
    } else if (c === '$' && /\d/.test(text[k + 1] ?? '')) {
      let end = k + 1;
      while (/\d/.test(text[end] ?? '')) end++;
      const index = Number(text.slice(k + 1, end)) - 1;
      out += index < params.length ? literal(params[index], backend) : text.slice(k, end);
      k = end - 1;
    } else {
      out += c;
    }
  }
  return out;
}
