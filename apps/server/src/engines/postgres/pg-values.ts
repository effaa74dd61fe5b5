/**
 * How PostgreSQL values become JSON-ready JavaScript values for SQL Lab. node-postgres' defaults turn
 * dates into local-time Date objects and leave int8/numeric as strings; results are shown, stored and
 * exported as JSON, so dates become ISO strings and exact numbers become numbers when no precision is lost.
 */
import { types, type CustomTypesConfig } from 'pg';
import { parseInt8, parseNumeric } from '../numbers';

const OID = {
  INT8: 20,
  NUMERIC: 1700,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  INTERVAL: 1186,
  BYTEA: 17,
  MONEY: 790,
} as const;

/** timestamp without time zone: the wall-clock text as ISO 8601, never shifted by the server's zone. */
export function parseTimestamp(text: string): string {
  return /^\d{4}-\d{2}-\d{2} /.test(text) ? text.replace(' ', 'T') : text; // 'infinity', BC dates: as is
}

/** timestamptz: the instant in UTC, ISO 8601. */
export function parseTimestampTz(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2} /.test(text)) return text;
  // '2024-01-02 03:04:05.123456+05:30' or '+05' -> a form Date understands; microseconds are dropped.
  const iso = text
    .replace(' ', 'T')
    .replace(/([+-]\d{2})$/, '$1:00')
    .replace(/([+-]\d{2}):?(\d{2}):(\d{2})$/, '$1:$2');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
}

const identity = (text: string) => text;

/** Type parsers for results (text format). Everything not listed keeps node-postgres' default. */
export const resultTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return types.getTypeParser(oid, 'binary');
    switch (oid) {
      case OID.INT8:
        return parseInt8;
      case OID.NUMERIC:
        return parseNumeric;
      case OID.DATE:
      case OID.INTERVAL:
      case OID.BYTEA:
      case OID.MONEY:
        return identity;
      case OID.TIMESTAMP:
        return parseTimestamp;
      case OID.TIMESTAMPTZ:
        return parseTimestampTz;
      default:
        return types.getTypeParser(oid, 'text');
    }
  }) as CustomTypesConfig['getTypeParser'],
};
