/**
 * Schemas, tables and table metadata from the PostgreSQL catalogs (pg_namespace, pg_class, pg_attribute,
 * pg_constraint, pg_index). The catalogs, not information_schema: they also show what the user may not
 * select from, and they answer in one round trip per question on PGlite too.
 */
import type { PoolClient } from 'pg';
import { EngineError, GenericType, type TableColumnMetadata, type TableMetadata } from '../query-engine';
import { genericOfCategory } from './pg-type-catalog';

const HIDDEN_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'`;

export const quotePgIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export async function pgListSchemas(db: PoolClient): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT n.nspname AS name FROM pg_namespace n WHERE ${HIDDEN_SCHEMAS} ORDER BY n.nspname COLLATE "C"`,
  );
  return rows.map((r) => r.name);
}

export async function pgListTables(
  db: PoolClient,
  schema: string,
): Promise<{ name: string; type: 'table' | 'view' }[]> {
  const { rows } = await db.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind::text AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'f', 'v', 'm') AND NOT c.relispartition
      ORDER BY c.relname COLLATE "C"`,
    [schema],
  );
  return rows.map((r) => ({ name: r.name, type: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table' }));
}

interface TableRow {
  oid: number;
  kind: string;
  comment: string | null;
}

export async function pgTableMetadata(db: PoolClient, schema: string, table: string): Promise<TableMetadata> {
  const found = await db.query<TableRow>(
    `SELECT c.oid::int AS oid, c.relkind::text AS kind, obj_description(c.oid, 'pg_class') AS comment
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'f', 'v', 'm')`,
    [schema, table],
  );
  const rel = found.rows[0];
  if (!rel) throw new EngineError(`Table "${schema}"."${table}" does not exist.`, 'TABLE_DOES_NOT_EXIST_ERROR', 404);

  const [columns, constraints, indexes] = await Promise.all([
    db.query<{
      name: string;
      type: string;
      category: string;
      nullable: boolean;
      default: string | null;
      comment: string | null;
    }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, t.typcategory::text AS category,
              NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default,
              col_description(a.attrelid, a.attnum) AS comment
         FROM pg_attribute a
         JOIN pg_type t ON t.oid = a.atttypid
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum`,
      [rel.oid],
    ),
    db.query<{
      name: string;
      type: string;
      columns: string[];
      ref_schema: string | null;
      ref_table: string | null;
      ref_columns: string[] | null;
    }>(
      `SELECT con.conname AS name, con.contype::text AS type,
              ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
                      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.ord) AS columns,
              rn.nspname AS ref_schema, rc.relname AS ref_table,
              ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
                      JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.ord) AS ref_columns
         FROM pg_constraint con
         LEFT JOIN pg_class rc ON rc.oid = con.confrelid
         LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
        WHERE con.conrelid = $1 AND con.contype IN ('p', 'f')
        ORDER BY con.conname`,
      [rel.oid],
    ),
    // Like SQLAlchemy's get_indexes: the primary key's own index is not listed again.
    db.query<{ name: string; unique: boolean; columns: string[] }>(
      `SELECT ic.relname AS name, i.indisunique AS unique,
              ARRAY(SELECT coalesce(a.attname::text, pg_get_indexdef(i.indexrelid, k.ord::int, true))
                      FROM unnest(i.indkey) WITH ORDINALITY k(num, ord)
                      LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.num
                     WHERE k.ord <= i.indnkeyatts ORDER BY k.ord) AS columns
         FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
        WHERE i.indrelid = $1 AND NOT i.indisprimary
        ORDER BY ic.relname`,
      [rel.oid],
    ),
  ]);

  const cols: TableColumnMetadata[] = columns.rows.map((c) => {
    const generic = genericOfCategory(c.category);
    return {
      name: c.name,
      type: c.type,
      type_generic: generic,
      is_dttm: generic === GenericType.Temporal,
      nullable: c.nullable,
      default: c.default,
      comment: c.comment,
    };
  });
  const pk = constraints.rows.find((c) => c.type === 'p');
  const selectList = cols.length > 0 ? cols.map((c) => quotePgIdentifier(c.name)).join(', ') : '*';
  return {
    name: table,
    schema,
    catalog: null,
    columns: cols,
    primaryKey: pk ? { name: pk.name, column_names: pk.columns } : null,
    foreignKeys: constraints.rows
      .filter((c) => c.type === 'f')
      .map((c) => ({
        name: c.name,
        column_names: c.columns,
        referred_schema: c.ref_schema ?? schema,
        referred_table: c.ref_table ?? '',
        referred_columns: c.ref_columns ?? [],
      })),
    indexes: indexes.rows.map((i) => ({ name: i.name, column_names: i.columns, unique: i.unique })),
    selectStar: `SELECT ${selectList}\nFROM ${quotePgIdentifier(schema)}.${quotePgIdentifier(table)}\nLIMIT 100`,
    comment: rel.comment,
    type: rel.kind === 'v' || rel.kind === 'm' ? 'view' : 'table',
  };
}
