/**
 * Pretty-printing SQL for the editor's Format button (REFERENCE §1.1 format_sql): sql-formatter in the
 * database's dialect, keywords upper-case. Pure, so it is unit-tested without a server.
 */
import { format, type SqlLanguage } from 'sql-formatter';

export type FormatDialect = 'postgresql' | 'mysql' | 'mariadb' | 'sql';

/** Engine names as clients send them (Superset's engine names included) to a sql-formatter language. */
const ENGINE_DIALECTS: Record<string, FormatDialect> = {
  postgresql: 'postgresql',
  postgres: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mariadb',
  sql: 'sql',
};

export function dialectOfEngine(engine: string): FormatDialect | null {
  return ENGINE_DIALECTS[engine.trim().toLowerCase()] ?? null;
}

export const KNOWN_ENGINES = Object.keys(ENGINE_DIALECTS);

export class SqlFormatError extends Error {}

/**
 * Jinja-style template tags ({{ x }}, {% if %}, {# note #}) are not SQL: the formatter would refuse
 * them, and rendering them would replace the user's template with values. They are swapped for
 * placeholder identifiers while formatting and put back verbatim afterwards.
 */
const TEMPLATE_TAG = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g;

export function formatSql(sql: string, dialect: FormatDialect): string {
  const tags: string[] = [];
  const masked = sql.replace(TEMPLATE_TAG, (tag) => `__strata_template_${tags.push(tag) - 1}__`);
  let formatted: string;
  try {
    formatted = format(masked, { language: dialect satisfies SqlLanguage, keywordCase: 'upper' });
  } catch (error) {
    // sql-formatter's parse errors run to hundreds of lines of grammar; the first line says where.
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new SqlFormatError(`The SQL could not be formatted: ${first}`, { cause: error });
  }
  return formatted.replace(/__strata_template_(\d+)__/g, (_m, i: string) => tags[Number(i)]);
}
