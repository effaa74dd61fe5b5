/**
 * The LIMIT of a statement, read and rewritten on the lexer's tokens (sql-guard/sql-tokens.ts); what a script's
 * statements are and whether they may run is sql-guard/sql-classifier.ts.
 */
import type { Backend } from '../../engines/query-engine';
import { tokenize, type Token } from '../../sql-guard/sql-tokens';

/** Index (in the full token list) of the number that sets a top-level LIMIT / FETCH FIRST row count. */
function limitTokenIndex(tokens: Token[]): number | null {
  const significant = tokens
    .map((t, index) => ({ t, index }))
    .filter(({ t }) => t.kind !== 'space' && t.kind !== 'comment');
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
    if (word === 'FETCH' && /^(FIRST|NEXT)$/i.test(at(1)?.text ?? ''))
      return at(2)?.kind === 'number' ? significant[i + 2].index : null;
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
