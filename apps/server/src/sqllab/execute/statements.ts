/**
 * What SQL Lab needs to know about a script before running it: its statements, whether each one could
 * change data (the clear DML message; the read-only transaction stays the real barrier), and the LIMIT
 * the last statement asks for. node-sql-parser answers for the dialect when it can parse a statement;
 * the lexer of sql-tokens.ts answers when it cannot (dollar quotes, vendor syntax, EXPLAIN ANALYZE...).
 */
import { Parser } from 'node-sql-parser';
import type { Backend } from '../../engines/query-engine';
import { sessionChange } from './session-statements';
import { splitStatements, tokenize, wordsOf, type Token } from './sql-tokens';

export interface Statement {
  sql: string;
  /** True for SELECT (and WITH ... SELECT, VALUES, TABLE) statements that return rows and change nothing. */
  isSelect: boolean;
  /** True when it may change data or schema (INSERT, UPDATE, DDL, SELECT INTO, data-modifying CTEs...). */
  isMutation: boolean;
  /** What it would change of the session's identity or read-only mode (SET ROLE, RESET ALL...); refused everywhere. */
  sessionChange: string | null;
}

const parser = new Parser();
const dialect = (backend: Backend) => (backend === 'postgresql' ? 'postgresql' : 'mariadb');

// SET/RESET change settings of the run's own session only (the read-only transaction still holds); the
// ones that change identity or read-only mode are `sessionChange` (session-statements.ts), refused apart.
const READ_ONLY_FIRST = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'SET', 'RESET']);
const SELECT_FIRST = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE']);
const MUTATING_WORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'REPLACE', 'CREATE', 'DROP', 'ALTER', 'TRUNCATE', 'GRANT', 'REVOKE', 'COPY', 'CALL', 'DO', 'LOCK']);

type ParsedAst = { type?: string; into?: { expr?: unknown } | null };

function parsedType(sql: string, backend: Backend): ParsedAst | null {
  try {
    const ast = parser.astify(sql, { database: dialect(backend) }) as ParsedAst | ParsedAst[];
    const list = Array.isArray(ast) ? ast : [ast];
    return list.length === 1 ? list[0] : null;
  } catch {
    return null;
  }
}

export function classify(sql: string, backend: Backend): Statement {
  const words = wordsOf(tokenize(sql, backend));
  const first = words[0]?.word ?? '';
  const selectInto = words.some((w) => w.word === 'INTO' && w.depth === 0) && first !== 'INSERT';
  // A CTE or EXPLAIN ANALYZE can hide a write: any mutating keyword outside strings counts.
  const hiddenWrite = (first === 'WITH' || first === 'EXPLAIN') && words.some((w) => MUTATING_WORDS.has(w.word));
  const lexerMutation = !READ_ONLY_FIRST.has(first) || selectInto || hiddenWrite;
  const ast = parsedType(sql, backend);
  const parserMutation = ast ? !['select', 'show', 'desc', 'explain', 'set'].includes(ast.type ?? '') || !!ast.into?.expr : false;
  const isMutation = lexerMutation || parserMutation;
  return { sql, isSelect: SELECT_FIRST.has(first) && !isMutation, isMutation, sessionChange: sessionChange(sql, backend) };
}

export function parseScript(sql: string, backend: Backend): Statement[] {
  return splitStatements(sql, backend).map((s) => classify(s, backend));
}

/** Index (in the full token list) of the number that sets a top-level LIMIT / FETCH FIRST row count. */
function limitTokenIndex(tokens: Token[]): number | null {
  const significant = tokens.map((t, index) => ({ t, index })).filter(({ t }) => t.kind !== 'space' && t.kind !== 'comment');
  for (let i = significant.length - 1; i >= 0; i--) {
    const { t } = significant[i];
    if (t.depth !== 0 || t.kind !== 'word') continue;
    const word = t.text.toUpperCase();
    const at = (k: number) => significant[i + k]?.t;
    if (word === 'LIMIT') {
      if (at(1)?.kind !== 'number') return null;
      // MySQL's LIMIT offset, count
      if (at(2)?.text === ',' && at(3)?.kind === 'number') return significant[i + 3].index;
      return significant[i + 1].index;
    }
    if (word === 'FETCH' && /^(FIRST|NEXT)$/i.test(at(1)?.text ?? '')) return at(2)?.kind === 'number' ? significant[i + 2].index : null;
  }
  return null;
}

/**
 * The row count of a top-level LIMIT (LIMIT n, LIMIT n OFFSET m, MySQL's LIMIT m, n, FETCH FIRST n ROWS),
 * or null when the statement has none (or LIMIT ALL).
 */
export function sqlLimit(sql: string, backend: Backend): number | null {
  const tokens = tokenize(sql, backend);
  const index = limitTokenIndex(tokens);
  return index === null ? null : Number(tokens[index].text);
}

/**
 * The statement with its top-level LIMIT set to `rows` (REFERENCE §1.5: the limit + 1 probe must also
 * work when the SQL has its own LIMIT). Without a LIMIT the statement is unchanged: the engine's
 * maxRows caps the fetch instead.
 */
export function rewriteLimit(sql: string, backend: Backend, rows: number): string {
  const tokens = tokenize(sql, backend);
  const index = limitTokenIndex(tokens);
  if (index === null) return sql;
  return tokens.map((t, i) => (i === index ? String(rows) : t.text)).join('');
}
