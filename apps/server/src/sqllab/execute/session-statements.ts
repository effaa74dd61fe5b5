/**
 * User SQL that would change who the session is or lift its read-only guard, refused on every database
 * before anything runs. The embedded examples database shares one PGlite session whose reader identity is
 * a `SET ROLE` (storage/examples-database.ts), so `RESET ROLE` or `set_config('role', ...)` there would
 * make the next queries superuser; on a real PostgreSQL or MySQL the same statements lift read-only mode
 * or act as another role. MySQL's SET GLOBAL / SET PASSWORD reach beyond the run and are refused too.
 * Settings that only tune the run (statement_timeout, search_path, time zone) stay allowed.
 */
import type { Backend } from '../../engines/query-engine';
import { tokenize, type Token } from './sql-tokens';

/** Setting names (as words of SET/RESET) that hold identity or read-only mode. */
const GUARDED_SETTINGS = new Set([
  'ROLE',
  'AUTHORIZATION', // SET/RESET SESSION AUTHORIZATION
  'SESSION_AUTHORIZATION',
  'DEFAULT_TRANSACTION_READ_ONLY',
  'TRANSACTION_READ_ONLY',
  'TX_READ_ONLY', // MariaDB / older MySQL
  'PASSWORD', // MySQL: SET PASSWORD changes the connection user's password
]);
/** MySQL scopes that change the server for everyone, not this run's session. */
const SERVER_SCOPES = new Set(['GLOBAL', 'PERSIST', 'PERSIST_ONLY']);
/** set_config() names that hold identity or read-only mode. */
const GUARDED_CONFIG_NAMES = new Set(['role', 'session_authorization', 'default_transaction_read_only', 'transaction_read_only']);

const significant = (tokens: Token[]) => tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');

/** The words of a statement, as written, minus MySQL user variables (`@role` is a variable, `@@role` a setting). */
function settingWords(tokens: Token[]): string[] {
  const list = significant(tokens);
  return list.filter((t, i) => t.kind === 'word' && !(list[i - 1]?.text === '@' && list[i - 2]?.text !== '@')).map((t) => t.text);
}

/** `'name'` → name; null for anything that is not a plain single-quoted literal (E'', $$, an expression). */
function plainString(token: Token | undefined): string | null {
  if (token?.kind !== 'string' || !/^'[^'\\]*'$/.test(token.text)) return null;
  return token.text.slice(1, -1);
}

/** A set_config(...) call whose first argument is guarded, or cannot be read (so it might be). */
function guardedSetConfig(tokens: Token[]): boolean {
  const list = significant(tokens);
  return list.some((t, i) => {
    const isSetConfig = (t.kind === 'word' && t.text.toLowerCase() === 'set_config') || (t.kind === 'ident' && t.text === '"set_config"');
    if (!isSetConfig || list[i + 1]?.text !== '(') return false;
    const name = plainString(list[i + 2]);
    return name === null || GUARDED_CONFIG_NAMES.has(name.trim().toLowerCase());
  });
}

/** The statement as users wrote it, without comments, on one line and cut at 60 characters. */
function shown(tokens: Token[]): string {
  const text = tokens.filter((t) => t.kind !== 'comment').map((t) => (t.kind === 'space' ? ' ' : t.text)).join('').replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** True for SET/RESET/DISCARD statements that change identity, read-only mode or the server's settings. */
function unsafeSetting(tokens: Token[]): boolean {
  const words = settingWords(tokens).map((w) => w.toUpperCase());
  switch (words[0]) {
    case 'DISCARD':
      return true;
    case 'RESET':
      return words.some((w) => w === 'ALL' || GUARDED_SETTINGS.has(w));
    case 'SET':
      // TRANSACTION ... WRITE: SET TRANSACTION, SET SESSION CHARACTERISTICS AS TRANSACTION, MySQL SET SESSION TRANSACTION.
      return words.some((w) => GUARDED_SETTINGS.has(w) || SERVER_SCOPES.has(w)) || (words.includes('TRANSACTION') && words.includes('WRITE'));
    default:
      return false;
  }
}

/**
 * The statement, shortened for the error message, when it would change the session's identity or
 * read-only mode (SET ROLE, RESET ALL, set_config('role', ...)...); null when it leaves them alone.
 */
export function sessionChange(sql: string, backend: Backend): string | null {
  const tokens = tokenize(sql, backend);
  return unsafeSetting(tokens) || guardedSetConfig(tokens) ? shown(tokens) : null;
}

/** The refusal users read in SQL Lab. */
export const sessionChangeRefused = (what: string) =>
  `\`${what}\` is not allowed in SQL Lab: statements that change the session's role or user, or lift its read-only mode, are refused on every database.`;
