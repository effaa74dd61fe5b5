/**
 * A small SQL lexer that knows what can hide a `;` or a keyword: single and double quotes, backticks
 * (MySQL), E'' strings with backslash escapes, dollar quotes (PostgreSQL), line and block comments
 * (nested in PostgreSQL). Used to split scripts and to classify statements when the parser gives up.
 */
import type { Backend } from '../engines/query-engine';

export type TokenKind = 'word' | 'number' | 'string' | 'ident' | 'comment' | 'space' | 'punct';

export interface Token {
  kind: TokenKind;
  text: string;
  /** Parenthesis depth at the token (0 = top level of its statement). */
  depth: number;
}

const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y;
const NUMBER = /\d+(\.\d+)?([eE][+-]?\d+)?/y;
const SPACE = /\s+/y;
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;

function quoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length; // unterminated: the rest is the literal (the database will report it)
}

function blockComment(sql: string, start: number, nested: boolean): number {
  let depth = 1;
  let i = start + 2;
  while (i < sql.length && depth > 0) {
    if (nested && sql.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth--;
      i += 2;
    } else i++;
  }
  return i;
}

function match(re: RegExp, sql: string, at: number): string | null {
  re.lastIndex = at;
  const m = re.exec(sql);
  return m ? m[0] : null;
}

export function tokenize(sql: string, backend: Backend): Token[] {
  const tokens: Token[] = [];
  const pg = backend === 'postgresql';
  let depth = 0;
  let i = 0;
  const push = (kind: TokenKind, end: number) => {
    tokens.push({ kind, text: sql.slice(i, end), depth });
    i = end;
  };
  while (i < sql.length) {
    const c = sql[i];
    const rest2 = sql.slice(i, i + 2);
    if (rest2 === '--' || (!pg && c === '#')) {
      const nl = sql.indexOf('\n', i);
      push('comment', nl === -1 ? sql.length : nl);
    } else if (rest2 === '/*') push('comment', blockComment(sql, i, pg));
    else if (c === "'") push('string', quoted(sql, i, "'", !pg));
    else if (pg && (c === 'E' || c === 'e') && sql[i + 1] === "'") {
      i++;
      const end = quoted(sql, i, "'", true);
      i--;
      push('string', end);
    } else if (c === '"') push('ident', quoted(sql, i, '"', !pg));
    else if (c === '`' && !pg) push('ident', quoted(sql, i, '`', false));
    else if (pg && c === '$' && match(DOLLAR_TAG, sql, i)) {
      const tag = match(DOLLAR_TAG, sql, i)!;
      const close = sql.indexOf(tag, i + tag.length);
      push('string', close === -1 ? sql.length : close + tag.length);
    } else if (match(SPACE, sql, i)) push('space', i + match(SPACE, sql, i)!.length);
    else if (match(WORD, sql, i)) push('word', i + match(WORD, sql, i)!.length);
    else if (match(NUMBER, sql, i)) push('number', i + match(NUMBER, sql, i)!.length);
    else {
      if (c === ')') depth = Math.max(0, depth - 1);
      push('punct', i + 1);
      if (c === '(') depth++;
    }
  }
  return tokens;
}

/** The statements of a script, split on top-level semicolons; empty and comment-only ones dropped. */
export function splitStatements(sql: string, backend: Backend): string[] {
  const statements: string[] = [];
  let current: Token[] = [];
  const flush = () => {
    if (current.some((t) => t.kind !== 'space' && t.kind !== 'comment'))
      statements.push(
        current
          .map((t) => t.text)
          .join('')
          .trim(),
      );
    current = [];
  };
  for (const token of tokenize(sql, backend)) {
    if (token.kind === 'punct' && token.text === ';') flush();
    else current.push(token);
  }
  flush();
  return statements;
}

/** Upper-cased words of a statement, outside strings, quoted identifiers and comments. */
export const wordsOf = (tokens: Token[]) =>
  tokens.filter((t) => t.kind === 'word').map((t) => ({ word: t.text.toUpperCase(), depth: t.depth }));
