/** Refusals of the SQL classifier (sql-classifier.ts) and the messages users read. */
import type { Backend } from '../engines/query-engine';
import { tokenize } from './sql-tokens';

export interface Refusal {
  /**
   * QUERY_SECURITY_ACCESS_ERROR (who the session is, what it reaches), DML_NOT_ALLOWED_ERROR, SYNTAX_ERROR, or
   * INVALID_SQL_ERROR (not the one query a virtual dataset or chart needs).
   */
  errorType: 'QUERY_SECURITY_ACCESS_ERROR' | 'DML_NOT_ALLOWED_ERROR' | 'SYNTAX_ERROR' | 'INVALID_SQL_ERROR';
  /** Why, for the user: names the statement and the reason. */
  message: string;
}

export interface Statement {
  sql: string;
  /** Returns rows and changes nothing: SELECT, VALUES, TABLE, WITH ... SELECT without writes or INTO. */
  isSelect: boolean;
  /** May change data or schema (INSERT, DDL, SELECT INTO, a data-modifying CTE, EXPLAIN ANALYZE of one...). */
  isMutation: boolean;
  /** Refused on every database, whatever its flags. */
  refused: Refusal | null;
  /** Refused when the database does not allow DML (the run is read-only). */
  readOnlyRefused: Refusal | null;
}

/** The statement as users wrote it, without comments, on one line and cut at 60 characters, for messages. */
export function shown(sql: string, backend: Backend): string {
  const text = tokenize(sql, backend)
    .filter((t) => t.kind !== 'comment')
    .map((t) => (t.kind === 'space' ? ' ' : t.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export const securityRefusal = (sql: string, backend: Backend, why: string): Refusal => ({
  errorType: 'QUERY_SECURITY_ACCESS_ERROR',
  message: `\`${shown(sql, backend)}\` is not allowed: ${why}.`,
});

/** The spec's DML message first (clients match it), then which statement and why. */
export const DML_NOT_ALLOWED = 'Only `SELECT` statements are allowed against this database';
export const dmlRefusal = (sql: string, backend: Backend, why: string): Refusal => ({
  errorType: 'DML_NOT_ALLOWED_ERROR',
  message: `${DML_NOT_ALLOWED}: \`${shown(sql, backend)}\` ${why}.`,
});

export const IDENTITY =
  "statements that change the session's role or user, or lift its read-only mode, are refused on every database";
export const OUTSIDE =
  'functions and statements that reach files, programs, other databases or other sessions are refused on every database';
