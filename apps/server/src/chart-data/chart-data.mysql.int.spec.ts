/**
 * The SQL generator's MySQL dialect against the machine's MariaDB, end to end through the chart data
 * API: backtick identifiers, bound values with MySQL escaping, the MySQL time grains, top-N series and
 * injection attempts, each compared with SQL written by hand on the same scratch database.
 */
import { randomBytes } from 'node:crypto';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { insertDatabase, userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { createChartTestApp } from './testing/chart-test-app';

const database = `strata_chart_${randomBytes(4).toString('hex')}`;

describe('chart data on MySQL/MariaDB', () => {
  let mysql: Connection;
  let t: AuthTestApp;
  let admin: ApiClient;
  let datasetId: number;

  const hand = async <T>(sql: string): Promise<T[]> => (await mysql.query<RowDataPacket[]>(sql))[0] as T[];
  const chartData = (query: Record<string, unknown>) =>
    admin.post('/api/v1/chart/data', { datasource: { id: datasetId, type: 'table' }, queries: [query] });

  beforeAll(async () => {
    mysql = await createConnection({
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      password: '',
      multipleStatements: true,
    });
    await mysql.query(`CREATE DATABASE \`${database}\``);
    await mysql.query(`
      USE \`${database}\`;
      CREATE TABLE trips (id int PRIMARY KEY, origin varchar(20), delay int, dep datetime);
      INSERT INTO trips SELECT seq, ELT(1 + seq % 4, 'SEA', 'LAX', 'SFO', 'O''Hare'), (seq * 7) % 60, '2023-11-20 00:00:00' + INTERVAL (seq * 97) MINUTE FROM seq_1_to_2000;
    `);
    t = await createChartTestApp();
    admin = await userClient(t, ['Admin']);
    const dbId = await insertDatabase(t, { name: 'maria', uri: `mysql://root@127.0.0.1:3306/${database}` });
    const res = await admin.post('/api/v1/dataset/', { database: dbId, schema: database, table_name: 'trips' });
    expect(res.status).toBe(201);
    datasetId = res.body.id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await mysql?.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await mysql?.end();
  });

  it('averages by a string column with filters, as GROUP BY by hand', async () => {
    const res = await chartData({
      columns: ['origin'],
      metrics: [{ expressionType: 'SIMPLE', aggregate: 'AVG', column: { column_name: 'delay' }, label: 'avg delay' }],
      filters: [
        { col: 'delay', op: '>=', val: 10 },
        { col: 'origin', op: 'NOT IN', val: ['LAX'] },
        { col: 'origin', op: 'ILIKE', val: '%a%' },
      ],
      orderby: [['origin', true]],
    });
    expect(res.status).toBe(200);
    const [result] = res.body.result;
    expect(result.query).toContain('AVG(`delay`) as `avg delay` from `' + database + '`.`trips`');
    const expected = await hand<{ origin: string; a: string }>(
      `SELECT origin, AVG(delay) AS a FROM trips WHERE delay >= 10 AND origin NOT IN ('LAX') AND LOWER(origin) LIKE '%a%' GROUP BY origin ORDER BY origin`,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(result.data.map((r: Record<string, unknown>) => [r.origin, Number(r['avg delay'])])).toEqual(
      expected.map((e) => [e.origin, Number(e.a)]),
    );
  });

  it.each([
    ['PT1H', "DATE_FORMAT(dep, '%Y-%m-%d %H:00:00')"],
    ['P1D', "DATE_FORMAT(dep, '%Y-%m-%d')"],
    ['P1W', "DATE_FORMAT(DATE(dep) - INTERVAL WEEKDAY(dep) DAY, '%Y-%m-%d')"],
    ['P1M', "DATE_FORMAT(dep, '%Y-%m-01')"],
    ['P3M', "CONCAT(YEAR(dep), '-', LPAD((QUARTER(dep) - 1) * 3 + 1, 2, '0'), '-01')"],
    ['P1Y', "DATE_FORMAT(dep, '%Y-01-01')"],
    ['1969-12-28T00:00:00Z/P1W', "DATE_FORMAT(DATE(dep) - INTERVAL (DAYOFWEEK(dep) - 1) DAY, '%Y-%m-%d')"],
    ['P1W/1970-01-04T00:00:00Z', "DATE_FORMAT(DATE(dep) + INTERVAL (6 - WEEKDAY(dep)) DAY, '%Y-%m-%d')"],
  ])('time grain %s buckets rows like %s by hand', async (grain, bucket) => {
    const res = await chartData({
      columns: [{ label: 't', sqlExpression: 'dep', columnType: 'BASE_AXIS', timeGrain: grain }],
      metrics: ['count'],
      orderby: [['t', true]],
      row_limit: 10000,
    });
    expect(res.status).toBe(200);
    const expected = await hand<{ b: string; n: number }>(
      `SELECT ${bucket} AS b, COUNT(*) AS n FROM trips GROUP BY b ORDER BY b`,
    );
    const got = res.body.result[0].data.map((r: Record<string, unknown>) => [
      // Temporal values are epoch ms (UTC), as Superset answers them.
      new Date(r.t as number)
        .toISOString()
        .replace('T', ' ')
        .slice(0, grain === 'PT1H' ? 19 : 10),
      Number(r.count),
    ]);
    expect(got).toEqual(expected.map((e) => [e.b, Number(e.n)]));
  });

  it('keeps the top 2 origins with series_limit, and binds quotes and backslashes as data', async () => {
    const res = await chartData({
      columns: ['origin'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(delay)', label: 'total' }],
      series_columns: ['origin'],
      series_limit: 2,
      orderby: [['total', false]],
    });
    expect(res.status).toBe(200);
    const expected = await hand<{ origin: string; s: string }>(
      `SELECT origin, SUM(delay) AS s FROM trips GROUP BY origin ORDER BY s DESC LIMIT 2`,
    );
    expect(res.body.result[0].data.map((r: Record<string, unknown>) => [r.origin, Number(r.total)])).toEqual(
      expected.map((e) => [e.origin, Number(e.s)]),
    );

    const quoted = await chartData({
      columns: ['origin'],
      metrics: ['count'],
      filters: [{ col: 'origin', op: '==', val: "O'Hare" }],
    });
    expect(quoted.body.result[0].data).toEqual([
      {
        origin: "O'Hare",
        count: (await hand<{ n: number }>(`SELECT COUNT(*) AS n FROM trips WHERE origin = 'O''Hare'`))[0].n,
      },
    ]);
    // The values run bound (a prepared statement); the `query` shown to the user has them as literals.
    expect(quoted.body.result[0].query).toContain("`origin` = 'O''Hare'");
    const placeholders = await chartData({
      columns: ['origin'],
      metrics: ['count'],
      filters: [{ col: 'origin', op: 'IN', val: ['?', "O'Hare", '$1'] }],
    });
    expect(placeholders.body.result[0].data).toEqual(quoted.body.result[0].data);
    for (const val of ["x\\' OR 1=1 -- ", "x' OR '1'='1", "\\'; DELETE FROM trips; -- "]) {
      const res2 = await chartData({
        columns: ['origin'],
        metrics: ['count'],
        filters: [{ col: 'origin', op: '==', val }],
      });
      expect(res2.status).toBe(200);
      expect(res2.body.result[0].data).toEqual([]);
    }
    for (const sqlExpression of [
      'SLEEP(3)',
      'COUNT(*)) FROM trips; DELETE FROM trips; #',
      '(SELECT COUNT(*) FROM mysql.user)',
      "BENCHMARK(1000000, MD5('x'))",
    ]) {
      const refused = await chartData({
        columns: ['origin'],
        metrics: [{ expressionType: 'SQL', sqlExpression, label: 'x' }],
      });
      expect([sqlExpression, refused.status, refused.body.errors?.[0]?.error_type]).toEqual([
        sqlExpression,
        400,
        'INVALID_SQL_ERROR',
      ]);
    }
    expect((await hand<{ n: number }>('SELECT COUNT(*) AS n FROM trips'))[0].n).toBe(2000);
  });
});
