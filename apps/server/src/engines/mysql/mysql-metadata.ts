/** Schemas (MySQL databases), tables and table metadata from information_schema. */
import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import { EngineError, GenericType, type TableColumnMetadata, type TableMetadata } from '../query-engine';
import { genericOfMysqlType } from './mysql-values';

const SYSTEM_SCHEMAS = ['information_schema', 'mysql', 'performance_schema', 'sys'];

export const quoteMysqlIdentifier = (name: string): string => `\`${name.replace(/`/g, '``')}\``;

async function rows<T>(db: PoolConnection, sql: string, params: unknown[] = []): Promise<T[]> {
  const [result] = await db.query<RowDataPacket[]>(sql, params);
  return result as unknown as T[];
}

export async function mysqlListSchemas(db: PoolConnection): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    `SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN (?) ORDER BY SCHEMA_NAME`,
    [SYSTEM_SCHEMAS],
  );
  return found.map((r) => r.name).sort();
}

export async function mysqlListTables(
  db: PoolConnection,
  schema: string,
): Promise<{ name: string; type: 'table' | 'view' }[]> {
  const found = await rows<{ name: string; type: string }>(
    db,
    `SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME`,
    [schema],
  );
  return found.map((r) => ({ name: r.name, type: /VIEW/.test(r.type) ? 'view' : 'table' }));
}

/** MariaDB shows a nullable column without default as the text 'NULL'. */
function columnDefault(value: string | null): string | null {
  return value === null || value === 'NULL' ? null : value;
}

export async function mysqlTableMetadata(db: PoolConnection, schema: string, table: string): Promise<TableMetadata> {
  const [tables, columns, indexRows, fkRows] = await Promise.all([
    rows<{ type: string; comment: string | null }>(
      db,
      `SELECT TABLE_TYPE AS type, TABLE_COMMENT AS comment FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?`,
      [schema, table],
    ),
    rows<{ name: string; type: string; dataType: string; nullable: string; dflt: string | null; comment: string }>(
      db,
      `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, DATA_TYPE AS dataType, IS_NULLABLE AS nullable,
              COLUMN_DEFAULT AS dflt, COLUMN_COMMENT AS comment
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
      [schema, table],
    ),
    rows<{ name: string; nonUnique: number; column: string }>(
      db,
      `SELECT INDEX_NAME AS name, NON_UNIQUE AS nonUnique, COLUMN_NAME AS \`column\`
         FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      [schema, table],
    ),
    rows<{ name: string; column: string; refSchema: string; refTable: string; refColumn: string }>(
      db,
      `SELECT CONSTRAINT_NAME AS name, COLUMN_NAME AS \`column\`, REFERENCED_TABLE_SCHEMA AS refSchema,
              REFERENCED_TABLE_NAME AS refTable, REFERENCED_COLUMN_NAME AS refColumn
         FROM information_schema.KEY_COLUMN_USAGE
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND REFERENCED_TABLE_NAME IS NOT NULL
        ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION`,
      [schema, table],
    ),
  ]);
  const rel = tables[0];
  if (!rel)
    throw new EngineError(`Table \`${schema}\`.\`${table}\` does not exist.`, 'TABLE_DOES_NOT_EXIST_ERROR', 404);

  const cols: TableColumnMetadata[] = columns.map((c) => {
    const generic = genericOfMysqlType(c.dataType);
    return {
      name: c.name,
      type: c.type.toUpperCase(),
      type_generic: generic,
      is_dttm: generic === GenericType.Temporal,
      nullable: c.nullable === 'YES',
      default: columnDefault(c.dflt),
      comment: c.comment ? c.comment : null,
    };
  });

  const indexes = new Map<string, { name: string; column_names: string[]; unique: boolean }>();
  for (const r of indexRows) {
    const index = indexes.get(r.name) ?? { name: r.name, column_names: [], unique: Number(r.nonUnique) === 0 };
    index.column_names.push(r.column);
    indexes.set(r.name, index);
  }
  const primary = indexes.get('PRIMARY');
  indexes.delete('PRIMARY');

  const fks = new Map<string, TableMetadata['foreignKeys'][number]>();
  for (const r of fkRows) {
    const fk = fks.get(r.name) ?? {
      name: r.name,
      column_names: [],
      referred_schema: r.refSchema,
      referred_table: r.refTable,
      referred_columns: [],
    };
    fk.column_names.push(r.column);
    fk.referred_columns.push(r.refColumn);
    fks.set(r.name, fk);
  }

  const selectList = cols.length > 0 ? cols.map((c) => quoteMysqlIdentifier(c.name)).join(', ') : '*';
  return {
    name: table,
    schema,
    catalog: null,
    columns: cols,
    primaryKey: primary ? { name: 'PRIMARY', column_names: primary.column_names } : null,
    foreignKeys: [...fks.values()],
    indexes: [...indexes.values()],
    selectStar: `SELECT ${selectList}\nFROM ${quoteMysqlIdentifier(schema)}.${quoteMysqlIdentifier(table)}\nLIMIT 100`,
    comment: rel.comment ? rel.comment : null,
    type: /VIEW/.test(rel.type) ? 'view' : 'table',
  };
}
