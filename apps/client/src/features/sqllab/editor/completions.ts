/** What the editor can complete besides SQL keywords. */
export interface CompletionWords {
  schemas: readonly string[];
  /** Every table of the selected schema (from /tables/), not only the opened ones. */
  tables: readonly string[];
  /** Columns of the tables whose metadata is known. */
  columns: readonly { table: string; name: string; type: string }[];
}

export const NO_WORDS: CompletionWords = { schemas: [], tables: [], columns: [] };

const SCORE = { column: 1000, table: 900, schema: 800 } as const;

/**
 * Ace completions for a prefix: columns first (what one types most after SELECT), then tables, then
 * schemas. Ace filters and ranks by the prefix itself; we only drop what cannot match to keep the
 * popup fast with thousands of columns.
 */
export function completionsFor(words: CompletionWords, prefix: string) {
  const p = prefix.toLowerCase();
  const matches = (name: string) => p === '' || name.toLowerCase().includes(p);
  const seen = new Set<string>();
  const out: { caption: string; value: string; meta: string; score: number }[] = [];
  for (const column of words.columns) {
    const key = `column:${column.name}`;
    if (!matches(column.name) || seen.has(key)) continue;
    seen.add(key);
    out.push({
      caption: column.name,
      value: column.name,
      meta: column.type ? `${column.table} · ${column.type}` : column.table,
      score: SCORE.column,
    });
  }
  for (const table of words.tables) {
    if (matches(table)) out.push({ caption: table, value: table, meta: 'table', score: SCORE.table });
  }
  for (const schema of words.schemas) {
    if (matches(schema)) out.push({ caption: schema, value: schema, meta: 'schema', score: SCORE.schema });
  }
  return out;
}

/**
 * Known tables the SQL mentions (after FROM / JOIN, or qualified as schema.table): their columns are
 * worth fetching for autocomplete. A word match is enough; the parser lives on the server.
 */
export function referencedTables(sql: string, tables: readonly string[]): string[] {
  const known = new Map(tables.map((t) => [t.toLowerCase(), t]));
  const found = new Set<string>();
  const pattern = /\b(?:from|join)\s+(?:"?[\w$]+"?\.)?"?([\w$]+)"?|\b[\w$]+\.([\w$]+)/gi;
  for (const match of sql.matchAll(pattern)) {
    const name = known.get((match[1] ?? match[2] ?? '').toLowerCase());
    if (name) found.add(name);
  }
  return [...found];
}
