import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { UsersService } from '../auth/users/users.service';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { DatasetsModule } from '../datasets/datasets.module';
import { UploadModule } from './upload.module';

describe('POST /api/v1/database/{id}/upload/ (real HTTP, a real PostgreSQL to load into)', () => {
  let t: AuthTestApp;
  let userDb: TestDatabase;
  let admin: ApiClient;
  let adminToken: string;
  let gammaToken: string;
  let dbId: number;
  let closedDbId: number;

  const query = async <T = Record<string, unknown>>(sql: string): Promise<T[]> => {
    const c = new Client({ connectionString: userDb.url });
    await c.connect();
    try {
      return (await c.query(sql)).rows as T[];
    } finally {
      await c.end();
    }
  };

  const upload = async (
    fields: Record<string, string>,
    file: Blob,
    options: { token?: string; db?: number } = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read by the assertions
  ): Promise<{ status: number; body: any }> => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, fields.type === 'excel' ? 'data.xlsx' : 'data.csv');
    const res = await fetch(`${t.url}/api/v1/database/${options.db ?? dbId}/upload/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${options.token ?? adminToken}` },
    });
    return { status: res.status, body: await res.json() };
  };
  const csv = (text: string) => new Blob([text], { type: 'text/csv' });

  beforeAll(async () => {
    userDb = await createTestDatabase('upload_userdb');
    await query('CREATE SCHEMA uploads; CREATE SCHEMA private');
    t = await createAuthTestApp({ extraModules: [DatasetsModule, UploadModule] });
    admin = await userClient(t, ['Admin']);
    adminToken = await t.app.get(ApiTokens).accessToken(admin.userId);
    const gamma = await t.app
      .get(UsersService)
      .createUser({ username: 'upload_gamma', password: 'a-password-for-tests', roles: ['Gamma'] }, 'system');
    gammaToken = await t.app.get(ApiTokens).accessToken(gamma.id);
    const created = await admin.post('/api/v1/database/', {
      database_name: 'uploads_here',
      sqlalchemy_uri: userDb.url,
      allow_file_upload: true,
      extra: JSON.stringify({ schemas_allowed_for_file_upload: ['public', 'uploads'] }),
      confirm_dangerous_login: true,
    });
    expect(created.status).toBe(201);
    dbId = created.body.id;
    const closed = await admin.post('/api/v1/database/', {
      database_name: 'no_uploads',
      sqlalchemy_uri: userDb.url,
      confirm_dangerous_login: true,
    });
    closedDbId = closed.body.id;
  });
  afterAll(async () => {
    await t?.close();
    await userDb?.drop();
  });

  it('loads a CSV into a new table with the chosen types, records the intent and makes it a dataset', async () => {
    const res = await upload(
      {
        type: 'csv',
        table_name: 'sales',
        schema: 'uploads',
        delimiter: ';',
        header_row: '0',
        already_exists: 'fail',
        column_types: JSON.stringify({ qty: 'integer', price: 'float', day: 'date', ok: 'boolean' }),
      },
      csv('city;qty;price;day;ok\r\n"Paris; FR";3;1.5;2024-01-02;true\nLyon;;2;2024-02-03;no\n'),
    );
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ database_id: dbId, schema: 'uploads', table_name: 'sales', rows: 2 });
    expect(
      await query(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'uploads' AND table_name = 'sales' ORDER BY ordinal_position`,
      ),
    ).toEqual([
      { column_name: 'city', data_type: 'text' },
      { column_name: 'qty', data_type: 'bigint' },
      { column_name: 'price', data_type: 'double precision' },
      { column_name: 'day', data_type: 'date' },
      { column_name: 'ok', data_type: 'boolean' },
    ]);
    expect(await query(`SELECT city, qty::int, ok FROM uploads.sales ORDER BY city`)).toEqual([
      { city: 'Lyon', qty: null, ok: false },
      { city: 'Paris; FR', qty: 3, ok: true },
    ]);
    const dataset = await admin.get(`/api/v1/dataset/${res.body.result.dataset_id}`);
    expect(dataset.status).toBe(200);
    expect(dataset.body.result).toMatchObject({ table_name: 'sales', schema: 'uploads' });
    expect(dataset.body.result.columns.map((c: { column_name: string }) => c.column_name)).toEqual([
      'city',
      'qty',
      'price',
      'day',
      'ok',
    ]);
    const events = await t.app
      .get(DataSource)
      .query(`SELECT data FROM events WHERE type = 'database/fileUploaded' AND stream = $1`, [`database:${dbId}`]);
    expect(events.map((e: { data: unknown }) => e.data)).toEqual([
      { id: dbId, schema: 'uploads', table: 'sales', rows: 2, mode: 'fail', file_type: 'csv' },
    ]);
  });

  it('if the table exists: fail refuses (422 naming already_exists), append adds, replace starts over', async () => {
    const fields = { type: 'csv', table_name: 'modes', schema: 'public', column_types: '{"n":"integer"}' };
    expect((await upload({ ...fields, already_exists: 'fail' }, csv('n\n1\n2\n'))).status).toBe(201);
    const refused = await upload({ ...fields, already_exists: 'fail' }, csv('n\n3\n'));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].extra.field).toBe('already_exists');
    expect((await upload({ ...fields, already_exists: 'append' }, csv('n\n3\n'))).body.result.rows).toBe(1);
    expect(await query(`SELECT count(*)::int AS n FROM public.modes`)).toEqual([{ n: 3 }]);
    const replaced = await upload({ ...fields, column_types: '{}', already_exists: 'replace' }, csv('word\nhello\n'));
    expect(replaced.status).toBe(201);
    expect(await query(`SELECT * FROM public.modes`)).toEqual([{ word: 'hello' }]);
  });

  it('refuses a wrong delimiter, a value not of its type and a bad field with a 400 naming the field; nothing is left behind', async () => {
    const wrongDelimiter = await upload(
      { table_name: 'bad1', delimiter: ',', column_types: '{}' },
      csv('a;b\n1;2,3\n'),
    );
    expect(wrongDelimiter.status).toBe(400);
    expect(wrongDelimiter.body.errors[0].extra.field).toBe('delimiter');
    const notInteger = await upload({ table_name: 'bad2', column_types: '{"a":"integer"}' }, csv('a\n1\nx\n'));
    expect(notInteger.status).toBe(400);
    expect(notInteger.body.errors[0].extra.field).toBe('column_types');
    expect(notInteger.body.message).toContain('Row 3, column a');
    const unknownType = await upload({ table_name: 'bad3', column_types: '{"a":"money"}' }, csv('a\n1\n'));
    expect(unknownType.body.errors[0].extra.field).toBe('column_types');
    const twoChars = await upload({ table_name: 'bad4', delimiter: ';;' }, csv('a\n1\n'));
    expect(twoChars.status).toBe(400);
    expect(twoChars.body.errors[0].extra.field).toBe('delimiter');
    const badName = await upload({ table_name: 'drop table' }, csv('a\n1\n'));
    expect(badName.body.errors[0].extra.field).toBe('table_name');
    expect(await query(`SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'bad%'`)).toEqual([]);
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 in the error shape', async () => {
    process.env.UPLOAD_MAX_MB = '0.01';
    try {
      const big = await upload({ table_name: 'big' }, csv('a\n' + '123456789\n'.repeat(5000)));
      expect(big.status).toBe(413);
      expect(big.body.errors[0]).toMatchObject({
        error_type: 'INVALID_PAYLOAD_FORMAT_ERROR',
        extra: { field: 'file' },
      });
    } finally {
      delete process.env.UPLOAD_MAX_MB;
    }
    expect(await query(`SELECT table_name FROM information_schema.tables WHERE table_name = 'big'`)).toEqual([]);
  });

  it('refuses a schema not allowed, a database without uploads, and a user without can_write on Database', async () => {
    const schema = await upload({ table_name: 'x', schema: 'private' }, csv('a\n1\n'));
    expect(schema.status).toBe(403);
    expect(schema.body.errors[0].extra.field).toBe('schema');
    expect((await upload({ table_name: 'x' }, csv('a\n1\n'), { db: closedDbId })).status).toBe(403);
    expect((await upload({ table_name: 'x' }, csv('a\n1\n'), { token: gammaToken })).status).toBe(403);
    expect(await query(`SELECT table_name FROM information_schema.tables WHERE table_name = 'x'`)).toEqual([]);
  });

  it('loads the first sheet of an Excel file', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('data');
    sheet.addRow(['name', 'score', 'when']);
    sheet.addRow(['ana', 7, new Date(Date.UTC(2024, 0, 2, 3, 4, 5))]);
    sheet.addRow(['bo', 9.5, new Date(Date.UTC(2024, 5, 6))]);
    wb.addWorksheet('other').addRow(['ignored']);
    const buffer = await wb.xlsx.writeBuffer();
    const res = await upload(
      {
        type: 'excel',
        table_name: 'scores',
        schema: 'uploads',
        column_types: JSON.stringify({ score: 'float', when: 'timestamp' }),
      },
      new Blob([buffer]),
    );
    expect(res.body.message).toBe('OK');
    expect(res.status).toBe(201);
    expect(res.body.result.rows).toBe(2);
    expect(
      await query(
        `SELECT name, score, to_char("when", 'YYYY-MM-DD HH24:MI:SS') AS w FROM uploads.scores ORDER BY name`,
      ),
    ).toEqual([
      { name: 'ana', score: 7, w: '2024-01-02 03:04:05' },
      { name: 'bo', score: 9.5, w: '2024-06-06 00:00:00' },
    ]);
  });

  const metadata = async (fields: Record<string, string>, file: Blob, token = adminToken) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, fields.type === 'excel' ? 'data.xlsx' : 'data.csv');
    const res = await fetch(`${t.url}/api/v1/database/upload_metadata/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read by the assertions
    return { status: res.status, body: (await res.json()) as any };
  };

  it('infers the column types of an Excel file from its first sheet (upload_metadata), as for a CSV', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('data');
    sheet.addRow(['title', 'name', 'qty', 'price', 'day', 'at', 'ok', 'note']);
    sheet.addRow([
      '',
      'ana',
      3,
      1.5,
      new Date(Date.UTC(2024, 0, 2)),
      new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
      true,
      'x',
    ]);
    // Many rows: only the first ones are read, and the answer does not wait for the rest of the file.
    for (let i = 0; i < 3000; i++)
      sheet.addRow([
        '',
        `p${i}`,
        i,
        i + 0.25,
        new Date(Date.UTC(2024, 1, 3)),
        new Date(Date.UTC(2024, 1, 3, 10)),
        false,
        7,
      ]);
    wb.addWorksheet('other').addRow(['ignored']);
    const file = new Blob([await wb.xlsx.writeBuffer()]);
    const res = await metadata({ type: 'excel', header_row: '0' }, file);
    expect(res.status).toBe(200);
    expect(res.body.result.items[0].columns).toEqual([
      { name: 'title', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'qty', type: 'integer' },
      { name: 'price', type: 'float' },
      { name: 'day', type: 'date' },
      { name: 'at', type: 'timestamp' },
      { name: 'ok', type: 'boolean' },
      { name: 'note', type: 'text' },
    ]);
    expect(res.body.result.items[0].column_names[2]).toBe('qty');
    // The inferred types load as they were proposed.
    const types = Object.fromEntries(
      (res.body.result.items[0].columns as { name: string; type: string }[]).map((c) => [c.name, c.type]),
    );
    const loaded = await upload(
      { type: 'excel', table_name: 'inferred', schema: 'uploads', column_types: JSON.stringify(types) },
      file,
    );
    expect([loaded.status, loaded.body.message]).toEqual([201, 'OK']);
    expect(loaded.body.result.rows).toBe(3001);
    expect(await query(`SELECT name, qty::int, day::text, ok FROM uploads.inferred WHERE name = 'ana'`)).toEqual([
      { name: 'ana', qty: 3, day: '2024-01-02', ok: true },
    ]);
  });

  it('upload_metadata: no header names the columns; a file that is not Excel is a 400 naming the file; Gamma gets 403', async () => {
    const csvColumns = await metadata({ type: 'csv', header_row: '', delimiter: ';' }, csv('1;x\n2;y\n'));
    expect(csvColumns.body.result.items[0].columns).toEqual([
      { name: 'column_1', type: 'integer' },
      { name: 'column_2', type: 'text' },
    ]);
    const notExcel = await metadata({ type: 'excel' }, csv('a,b\n1,2\n'));
    expect(notExcel.status).toBe(400);
    expect(notExcel.body.errors[0].extra.field).toBe('file');
    expect((await metadata({ type: 'excel' }, csv('a\n'), gammaToken)).status).toBe(403);
  });
});
