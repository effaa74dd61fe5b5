/**
 * The column types an upload offers (the form's choices, inferred by the client from the first rows and
 * editable there): each checks a cell's text and names the SQL type of the new table for the backend.
 */
import type { Backend } from '../engines/query-engine';

export const UPLOAD_TYPES = ['text', 'integer', 'float', 'boolean', 'date', 'timestamp'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export function sqlType(type: UploadType, backend: Backend): string {
  switch (type) {
    case 'text':
      return 'TEXT';
    case 'integer':
      return 'BIGINT';
    case 'float':
      return backend === 'mysql' ? 'DOUBLE' : 'DOUBLE PRECISION';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'timestamp':
      return backend === 'mysql' ? 'DATETIME' : 'TIMESTAMP';
  }
}

const INTEGER = /^[-+]?\d+$/;
const FLOAT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const BOOLEAN = /^(true|false|t|f|yes|no|y|n|0|1)$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The value bound for a cell, or undefined when the text is not of the type. Empty text is NULL for
 * every type but text (a CSV has no other way to say "no value").
 */
export function cellValue(text: string, type: UploadType): unknown {
  if (type === 'text') return text;
  const t = text.trim();
  if (t === '') return null;
  switch (type) {
    case 'integer':
      return INTEGER.test(t) ? t : undefined;
    case 'float':
      return FLOAT.test(t) ? t : undefined;
    case 'boolean':
      return BOOLEAN.test(t) ? /^(true|t|yes|y|1)$/i.test(t) : undefined;
    case 'date':
      return DATE.test(t) && !Number.isNaN(Date.parse(t)) ? t : undefined;
    case 'timestamp':
      return TIMESTAMP.test(t) || DATE.test(t) ? t.replace('T', ' ') : undefined;
  }
}
