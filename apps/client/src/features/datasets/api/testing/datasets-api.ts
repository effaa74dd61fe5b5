import rison from 'rison';
import {
  COUNT_STAR,
  newColumn,
  patchColumns,
  type ColumnPatch,
  type DatasetColumn,
  type DatasetEdit,
} from '@strata/domain';
import type { RecordedRequest } from '../../../../testing/test-server';
import type { DatasetView, Person } from '../datasets-api';

export const ALICE: Person = { id: 1, first_name: 'Alice', last_name: 'Admin' };
export const BOB: Person = { id: 2, first_name: 'Bob', last_name: 'Alpha' };
const PEOPLE = [ALICE, BOB];

export const DATABASES = [
  { id: 1, database_name: 'examples' },
  { id: 2, database_name: 'warehouse' },
];
/** The tables of each database's schemas, with their columns as the server reads them. */
const TABLES: Record<number, Record<string, Record<string, DatasetColumn[]>>> = {
  1: {
    public: {
      cars: [column('model', 'TEXT', 1), column('horsepower', 'INTEGER', 0), column('year', 'DATE', 2)],
      stocks: [column('symbol', 'TEXT', 1), column('price', 'DOUBLE PRECISION', 0)],
    },
    staging: { raw_cars: [column('payload', 'TEXT', 1)] },
  },
  2: { sales: { orders: [column('id', 'INTEGER', 0)] } },
};

function column(name: string, type: string, generic: number): DatasetColumn {
  return { ...newColumn(name), type, type_generic: generic, is_dttm: generic === 2 };
}

const at = '2026-11-20T10:00:00.000Z';

function dataset(id: number, fields: Partial<DatasetView> & Pick<DatasetView, 'table_name'>): DatasetView {
  return {
    id,
    kind: 'physical',
    database: { id: 1, database_name: 'examples' },
    catalog: null,
    schema: 'public',
    sql: null,
    template_params: null,
    columns: [],
    metrics: [COUNT_STAR],
    main_dttm_col: null,
    description: null,
    owners: [ALICE],
    changed_on: at,
    ...fields,
  };
}

/** Alice's cars (a certified metric), Bob's virtual expensive_stocks, and orders on the warehouse. */
export function datasets(): DatasetView[] {
  return [
    dataset(1, {
      table_name: 'cars',
      columns: TABLES[1]!.public!.cars!,
      metrics: [{ ...COUNT_STAR, certified_by: 'Data team' }],
      main_dttm_col: 'year',
    }),
    dataset(2, {
      table_name: 'expensive_stocks',
      kind: 'virtual',
      sql: 'SELECT * FROM stocks WHERE price > 100',
      columns: TABLES[1]!.public!.stocks!,
      owners: [BOB],
    }),
    dataset(3, {
      table_name: 'orders',
      database: { id: 2, database_name: 'warehouse' },
      schema: 'sales',
      columns: TABLES[2]!.sales!.orders!,
    }),
  ];
}

const json = (status: number, body: unknown) => ({ status, body });
const error = (status: number, message: string, error_type = 'GENERIC_BACKEND_ERROR') =>
  json(status, { message, errors: [{ message, error_type, level: 'error' }] });

type Filter = { col: string; opr: string; value: unknown };

const certified = (d: DatasetView) => [...d.metrics, ...d.columns].some((f) => !!f.certified_by);

/**
 * The dataset API of apps/server/src/datasets with the server's shapes and rules, in memory: the list's
 * filters (table_name ct, database, schema, owners, dataset_is_certified), get, create from a table
 * (its columns) or from SQL (a query naming a table the database lacks is refused 422 with PostgreSQL's
 * message, as the server's column inference), PUT (only the fields sent; `columns` patches over the
 * stored ones; a new SQL that fails is refused the same way), refresh, delete, and the pickers' calls.
 */
export function datasetsTestApi(rows: DatasetView[] = datasets()) {
  let nextId = 100;
  const failingSql = (sql: string) => {
    const table = /\bfrom\s+([a-z_]+)/i.exec(sql)?.[1];
    if (table && !Object.values(TABLES).some((schemas) => Object.values(schemas).some((t) => table in t)))
      return `The dataset's columns could not be read: relation "${table}" does not exist`;
    return null;
  };
  const handler = (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://x');
    const path = url.pathname;
    const q = rison.decode(url.searchParams.get('q') ?? '()') as Record<string, unknown>;
    if (path === '/api/v1/security/csrf_token/') return json(200, { result: 'csrf-1' });
    if (path === '/api/v1/database/') return json(200, { count: DATABASES.length, result: DATABASES });
    const schemas = /^\/api\/v1\/database\/(\d+)\/schemas\/$/.exec(path);
    if (schemas) return json(200, { result: Object.keys(TABLES[Number(schemas[1])] ?? {}) });
    const tables = /^\/api\/v1\/database\/(\d+)\/tables\/$/.exec(path);
    if (tables) {
      const names = Object.keys(TABLES[Number(tables[1])]?.[String(q.schema_name)] ?? {});
      return json(200, { count: names.length, result: names.map((value) => ({ value, type: 'table' })) });
    }
    if (path === '/api/v1/dataset/related/owners')
      return json(200, {
        count: PEOPLE.length,
        result: PEOPLE.map((p) => ({ value: p.id, text: `${p.first_name} ${p.last_name}`, extra: { active: true } })),
      });
    if (path === '/api/v1/dataset/' && request.method === 'GET') {
      let found = [...rows];
      for (const f of (q.filters as Filter[] | undefined) ?? []) {
        if (f.col === 'table_name') found = found.filter((d) => d.table_name.includes(String(f.value)));
        if (f.col === 'database') found = found.filter((d) => d.database.id === Number(f.value));
        if (f.col === 'schema') found = found.filter((d) => d.schema === f.value);
        if (f.col === 'owners') found = found.filter((d) => d.owners.some((o) => o.id === Number(f.value)));
        if (f.opr === 'dataset_is_certified') found = found.filter((d) => certified(d) === (f.value === true));
      }
      return json(200, { count: found.length, ids: found.map((d) => d.id), result: found });
    }
    if (path === '/api/v1/dataset/' && request.method === 'POST') {
      const body = request.body as { database: number; schema: string; table_name: string; sql?: string };
      if (body.sql) {
        const failure = failingSql(body.sql);
        if (failure) return error(422, failure, 'GENERIC_DB_ENGINE_ERROR');
      }
      if (
        rows.some(
          (d) => d.database.id === body.database && d.schema === body.schema && d.table_name === body.table_name,
        )
      )
        return error(422, `Dataset ${body.table_name} already exists`, 'GENERIC_COMMAND_ERROR');
      const database = DATABASES.find((d) => d.id === body.database)!;
      const columns = body.sql
        ? [column('symbol', 'TEXT', 1)]
        : (TABLES[body.database]?.[body.schema]?.[body.table_name] ?? []);
      const created = dataset(++nextId, {
        table_name: body.table_name,
        schema: body.schema,
        database,
        kind: body.sql ? 'virtual' : 'physical',
        sql: body.sql ?? null,
        columns,
      });
      rows.push(created);
      return json(201, { id: created.id, result: created, data: created });
    }
    const one = /^\/api\/v1\/dataset\/(\d+)(\/refresh)?$/.exec(path);
    if (one) {
      const index = rows.findIndex((d) => d.id === Number(one[1]));
      if (index < 0) return error(404, 'Not found', 'OBJECT_DOES_NOT_EXIST_ERROR');
      const row = rows[index]!;
      if (one[2]) {
        const fetched = row.sql ? row.columns : (TABLES[row.database.id]?.[row.schema ?? '']?.[row.table_name] ?? []);
        const kept = row.columns.filter((c) => c.expression || fetched.some((f) => f.column_name === c.column_name));
        const added = fetched.filter((f) => !kept.some((c) => c.column_name === f.column_name));
        rows[index] = { ...row, columns: [...kept, ...added] };
        return json(200, { id: row.id, result: rows[index], message: 'OK' });
      }
      if (request.method === 'GET') return json(200, { id: row.id, result: row });
      if (request.method === 'DELETE') {
        rows.splice(index, 1);
        return json(200, { message: 'OK' });
      }
      if (request.method === 'PUT') {
        const body = request.body as DatasetEdit & { columns?: ColumnPatch[] };
        if (body.sql) {
          const failure = failingSql(body.sql);
          if (failure) return error(422, failure, 'GENERIC_DB_ENGINE_ERROR');
        }
        const { columns, owners, ...rest } = body;
        rows[index] = {
          ...row,
          ...rest,
          ...(columns ? { columns: patchColumns(columns, row.columns) } : {}),
          ...(owners ? { owners: PEOPLE.filter((p) => owners.includes(p.id)) } : {}),
        };
        return json(200, { id: row.id, result: rows[index] });
      }
    }
    return undefined;
  };
  return { handler, rows };
}
