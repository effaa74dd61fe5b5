/**
 * MySQL/MariaDB result types and values. The driver is asked for dates and big numbers as strings
 * (dateStrings, bigNumberStrings) so nothing is shifted by the server's zone or rounded; they are then
 * made JSON-ready the same way as PostgreSQL's: ISO dates, numbers when exact.
 */
import type { FieldPacket } from 'mysql2';
import { GenericType } from '../query-engine';
import { parseInt8, parseNumeric } from '../numbers';

/** Protocol type codes (mysql2's Types) to the SQL names users know. */
const TYPE_NAMES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  14: 'DATE',
  15: 'VARCHAR',
  16: 'BIT',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};

const BINARY_CHARSET = 63;

export interface MysqlColumnType {
  name: string;
  generic: GenericType;
  isDttm: boolean;
}

export function mysqlColumnType(field: Pick<FieldPacket, 'columnType' | 'characterSet'>): MysqlColumnType {
  const code = field.columnType ?? 253;
  let name = TYPE_NAMES[code] ?? 'VARCHAR';
  // TEXT and BLOB share one code; the binary character set tells them apart.
  if (code >= 249 && code <= 252 && field.characterSet !== BINARY_CHARSET) name = name.replace('BLOB', 'TEXT');
  const generic = genericOfMysqlType(name);
  return { name, generic, isDttm: generic === GenericType.Temporal };
}

/** Generic type of a type name, from a result field or information_schema.COLUMNS.DATA_TYPE. */
export function genericOfMysqlType(name: string): GenericType {
  switch (name.toLowerCase()) {
    case 'tinyint':
    case 'smallint':
    case 'mediumint':
    case 'int':
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'numeric':
    case 'float':
    case 'double':
    case 'real':
    case 'year':
      return GenericType.Numeric;
    case 'date':
    case 'datetime':
    case 'timestamp':
      return GenericType.Temporal;
    default:
      return GenericType.String;
  }
}

/** Converts one value of a column of the given type into a JSON-ready value. */
export function mysqlValue(type: MysqlColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) {
    // BIT(n) as a number; other binary data as hex, the way database clients print it.
    return type.name === 'BIT' && value.length <= 6
      ? value.readUIntBE(0, Math.max(1, value.length))
      : `0x${value.toString('hex')}`;
  }
  if (typeof value !== 'string') return value;
  switch (type.name) {
    case 'BIGINT':
      return parseInt8(value);
    case 'DECIMAL':
      return parseNumeric(value);
    case 'DATETIME':
    case 'TIMESTAMP':
      return /^\d{4}-\d{2}-\d{2} /.test(value) ? value.replace(' ', 'T') : value;
    default:
      return value;
  }
}
