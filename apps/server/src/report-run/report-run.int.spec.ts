/**
 * The executor end to end with real parts: PostgreSQL (the metadata and a data database the alerts and
 * the chart query), an SMTP server (smtp-server) that receives the mails, real HTTP for the run route.
 * No browser here: PNG/PDF runs are report-run.render.int.spec.ts (the built client and Chromium).
 */
import { CommandBus } from '@nestjs/cqrs';
import { buildQueryContext, reportStream } from '@strata/domain';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import { UsersService } from '../auth/users/users.service';
import { createChartTestApp } from '../chart-data/testing/chart-test-app';
import { EventStore } from '../event-store/event-store.port';
import { MailConfig } from '../mail/mail-config';
import { DecideReport } from '../reports/decide-report';
import { ApiClient, insertDatabase } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ReportRunModule } from './report-run.module';
import { ReportRunService } from './report-run.service';
import { ReportRunConfig } from './run-config';
import { startSmtpInbox, type SmtpInbox } from './testing/smtp-inbox';

let t: AuthTestApp;
let data: TestDatabase;
let inbox: SmtpInbox;
let admin: ApiClient;
let alice: ApiClient;
let bob: ApiClient;
let gamma: ApiClient;
let dbId: number;
let chartId: number;
let datasetId: number;

const TEST_BASE = 'http://strata.example';
const recipients = [
  { type: 'Email', recipient_config_json: { target: 'ops@example.com', ccTarget: 'cc@example.com' } },
];

async function user(name: string, roles: string[]): Promise<ApiClient> {
  const row = await t.app
    .get(UsersService)
    .createUser({ username: name, password: 'a-password-for-tests', roles, email: `${name}@example.com` }, 'system');
  return new ApiClient(t.url, await t.app.get(ApiTokens).accessToken(row.id), row.id);
}

let counter = 0;
async function createReport(body: Record<string, unknown>, owner = alice): Promise<number> {
  const res = await owner.post('/api/v1/report/', {
    type: 'Report',
    name: `Report ${++counter}`,
    crontab: '0 9 * * *',
    creation_method: 'charts',
    chart: chartId,
    recipients,
    ...body,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

const alert = (sql: string, threshold: number) =>
  createReport({
    type: 'Alert',
    creation_method: 'alerts_reports',
    report_format: 'TEXT',
    database: dbId,
    sql,
    validator_type: 'operator',
    validator_config_json: { op: '>', threshold },
  });

const run = (reportId: number, scheduledAt: string) =>
  t.app.get(ReportRunService).run({ reportId, scheduledAt, trigger: 'schedule' });

const streamTypes = async (reportId: number) =>
  (await t.app.get(EventStore).readStream(reportStream(reportId))).map((e) => e.type);

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createChartTestApp([ReportRunModule], {
    customize: (b) =>
      b
        .overrideProvider(MailConfig)
        .useValue(
          new MailConfig(
            { host: '127.0.0.1', port: inbox.port, starttls: false, ssl: false },
            'reports@strata.example',
            '[Report] ',
            {
              connectionMs: 20_000,
              greetingMs: 20_000,
              socketMs: 20_000,
              webhookMs: 20_000,
            },
          ),
        )
        .overrideProvider(ReportRunConfig)
        .useValue(new ReportRunConfig(TEST_BASE, [20, 20])),
  });
  data = await createTestDatabase('report_run_data');
  const client = new Client({ connectionString: data.url });
  await client.connect();
  await client.query(`CREATE TABLE flights (id serial PRIMARY KEY, delay integer NOT NULL)`);
  // 15 flights more than 100 minutes late, 5 on time-ish.
  await client.query(
    `INSERT INTO flights (delay) SELECT CASE WHEN g <= 15 THEN 150 + g ELSE 20 END FROM generate_series(1, 20) g`,
  );
  await client.query(`CREATE TABLE sales (region text NOT NULL, amount integer NOT NULL)`);
  await client.query(
    `INSERT INTO sales VALUES ('north', 10), ('north', 5), ('south', 7), ('east, "far"', 3), ('west', 11)`,
  );
  await client.end();

  admin = await user('run_admin', ['Admin']);
  alice = await user('run_alice', ['Alpha']);
  bob = await user('run_bob', ['Alpha']);
  gamma = await user('run_gamma', ['Gamma']);
  dbId = await insertDatabase(t, { name: 'flights data', uri: data.url });
  datasetId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'sales' })).body.id;
  const chart = await alice.post('/api/v1/chart/', {
    datasource_id: datasetId,
    datasource_type: 'table',
    slice_name: 'Sales by region',
    viz_type: 'table',
    params: JSON.stringify({
      viz_type: 'table',
      datasource: `${datasetId}__table`,
      query_mode: 'aggregate',
      groupby: ['region'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'total' }],
      adhoc_filters: [],
      row_limit: 100,
      time_range: 'No filter',
      order_desc: true,
    }),
  });
  expect(chart.status).toBe(201);
  chartId = chart.body.id;
}, 180_000);

afterAll(async () => {
  await t?.close();
  await data?.drop();
  await inbox?.close();
});

beforeEach(() => {
  inbox.mails.length = 0;
  inbox.attempts = 0;
  inbox.refuseNext(0, 451);
});

describe('a CSV report', () => {
  it('runs now through the route, mails the chart data rows as report.csv, and logs Success', async () => {
    const id = await createReport({ report_format: 'CSV', name: 'Sales CSV' });
    const res = await alice.post(`/api/v1/report/${id}/run`);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ state: 'Success', run_id: expect.any(String) });

    expect(inbox.mails).toHaveLength(1);
    const mail = inbox.mails[0]!;
    expect(mail.subject).toBe('[Report] Sales CSV');
    expect(mail.rcpt.sort()).toEqual(['cc@example.com', 'ops@example.com']);
    expect(mail.html).toContain(`<a href="${TEST_BASE}/explore/?slice_id=${chartId}">`);
    const csv = mail.parts.find((p) => p.headers['content-disposition']?.startsWith('attachment'));
    expect(csv?.contentType).toMatch(/^text\/csv/);

    // The chart data API's own CSV of the saved chart's query.
    const saved = await alice.get(`/api/v1/chart/${chartId}`);
    const context = buildQueryContext(
      { ...saved.body.result.form_data, result_format: 'csv', result_type: 'full' },
      { id: datasetId, type: 'table' },
    );
    const expected = await alice.post('/api/v1/chart/data', context);
    expect(expected.status).toBe(200);
    expect(csv!.body.toString('utf8')).toBe(expected.body as string);
    expect(expected.body as string).toContain('"east, ""far"""');

    const log = await alice.get(`/api/v1/report/${id}/log/`);
    expect(log.body.result).toEqual([
      expect.objectContaining({ uuid: res.body.result.run_id, state: 'Success', error_message: null }),
    ]);
    expect(await streamTypes(id)).toEqual([
      'report/reportCreated',
      'report/runStarted',
      'report/mailSent',
      'report/runSucceeded',
    ]);
  });

  it('sends a TEXT report as an HTML table of the rows in the body', async () => {
    const id = await createReport({ report_format: 'TEXT' });
    expect(await run(id, '2026-03-01T09:00:00Z')).toMatchObject({ outcome: 'done', state: 'Success' });
    expect(inbox.mails).toHaveLength(1);
    expect(inbox.mails[0]!.html).toMatch(/<table[^>]*>.*region.*total.*north.*15/s);
  });

  it('mails an XLSX report as a workbook', async () => {
    const id = await createReport({ report_format: 'XLSX' });
    expect(await run(id, '2026-03-01T09:00:00Z')).toMatchObject({ state: 'Success' });
    const file = inbox.mails[0]!.parts.find((p) => p.headers['content-disposition']?.startsWith('attachment'));
    expect(file?.contentType).toMatch(/spreadsheetml/);
    expect(file!.body.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('an alert on flights', () => {
  const SQL = 'SELECT count(*) FROM flights WHERE delay > 100';

  it('triggers above its threshold and mails once, then is On Grace with no mail', async () => {
    const id = await alert(SQL, 10);
    const first = await run(id, '2026-03-02T09:00:00Z');
    expect(first).toMatchObject({ outcome: 'done', state: 'Success' });
    expect(inbox.mails.map((m) => m.subject)).toEqual([`[Alert] Report ${counter}`]);

    const second = await run(id, '2026-03-02T09:05:00Z');
    expect(second).toMatchObject({ outcome: 'done', state: 'On Grace' });
    expect(inbox.mails).toHaveLength(1);

    const schedule = await alice.get(`/api/v1/report/${id}`);
    expect(schedule.body.result).toMatchObject({ last_state: 'On Grace', last_value: 15 });
    // The same scheduled time again is refused: it ran.
    expect(await run(id, '2026-03-02T09:05:00Z')).toMatchObject({ outcome: 'refused' });
  });

  it('is Not triggered below its threshold and sends nothing', async () => {
    const id = await alert(SQL, 1e9);
    expect(await run(id, '2026-03-02T09:00:00Z')).toMatchObject({ outcome: 'done', state: 'Not triggered' });
    expect(inbox.mails).toHaveLength(0);
    expect((await alice.get(`/api/v1/report/${id}`)).body.result).toMatchObject({
      last_state: 'Not triggered',
      last_value: 15,
    });
  });

  it('fails with the database message when its SQL fails, tells the owners once per grace period', async () => {
    const id = await alert('SELECT count(*) FROM no_such_table', 10);
    const first = await run(id, '2026-03-02T09:00:00Z');
    expect(first).toMatchObject({ outcome: 'done', state: 'Error' });
    const log = await alice.get(`/api/v1/report/${id}/log/`);
    expect(log.body.result[0]).toMatchObject({ state: 'Error', error_message: expect.stringMatching(/no_such_table/) });
    expect(inbox.mails).toHaveLength(1);
    expect(inbox.mails[0]!.subject).toBe(`[Alert] Error occurred for Alert: Report ${counter}`);
    expect(inbox.mails[0]!.rcpt).toEqual(['run_alice@example.com']);
    expect(inbox.mails[0]!.html).toContain('no_such_table');

    expect(await run(id, '2026-03-02T09:05:00Z')).toMatchObject({ state: 'Error' });
    expect(inbox.mails).toHaveLength(1);
    expect((await streamTypes(id)).filter((e) => e === 'report/ownersNotifiedOfError')).toHaveLength(1);
  });

  it('refuses SQL that writes, as an Error', async () => {
    const id = await alert('DELETE FROM flights RETURNING 1', 10);
    expect(await run(id, '2026-03-02T09:00:00Z')).toMatchObject({ state: 'Error' });
    const log = await alice.get(`/api/v1/report/${id}/log/`);
    expect(log.body.result[0].error_message).toBeTruthy();
    const client = new Client({ connectionString: data.url });
    await client.connect();
    expect((await client.query('SELECT count(*)::int AS n FROM flights')).rows[0].n).toBe(20);
    await client.end();
  });
});

describe('delivery failures', () => {
  it('retries a transient SMTP refusal (451) and succeeds', async () => {
    const id = await createReport({ report_format: 'TEXT' });
    inbox.refuseNext(1, 451);
    expect(await run(id, '2026-03-03T09:00:00Z')).toMatchObject({ state: 'Success' });
    expect(inbox.attempts).toBe(2);
    expect(inbox.mails).toHaveLength(1);
  });

  it('fails at once on a permanent refusal (550), with the SMTP message', async () => {
    const id = await createReport({ report_format: 'TEXT' });
    inbox.refuseNext(1, 550);
    expect(await run(id, '2026-03-03T09:00:00Z')).toMatchObject({ state: 'Error' });
    // One attempt for the report; the owners' error notice is the second mail.
    expect(inbox.mails.map((m) => m.subject)).toEqual([`[Report] Error occurred for Report: Report ${counter}`]);
    const log = await alice.get(`/api/v1/report/${id}/log/`);
    expect(log.body.result[0].error_message).toMatch(/550/);
  });

  it('ends as Error when every attempt is refused', async () => {
    const id = await createReport({ report_format: 'TEXT' });
    inbox.refuseNext(3, 451);
    expect(await run(id, '2026-03-03T09:00:00Z')).toMatchObject({ state: 'Error' });
    // Three attempts for the report, then the owners' notice goes through.
    expect(inbox.attempts).toBe(4);
    expect(inbox.mails.map((m) => m.subject)).toEqual([`[Report] Error occurred for Report: Report ${counter}`]);
    const log = await alice.get(`/api/v1/report/${id}/log/`);
    expect(log.body.result[0].error_message).toMatch(/451/);
  });
});

describe('webhook recipients', () => {
  it('POSTs the report with its CSV file, retrying a 503 first answer', async () => {
    const bodies: { type: string; body: string }[] = [];
    let answers = [503, 200];
    const hook = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push({ type: req.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = answers.shift() ?? 200;
        res.end('ok');
      });
    });
    hook.listen(0, '127.0.0.1');
    await once(hook, 'listening');
    try {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      const id = await createReport({
        report_format: 'CSV',
        name: 'Sales to a webhook',
        recipients: [...recipients, { type: 'Webhook', recipient_config_json: { target: url } }],
      });
      expect(await run(id, '2026-03-04T09:00:00Z')).toMatchObject({ state: 'Success' });
      expect(bodies).toHaveLength(2);
      expect(bodies[1]!.type).toMatch(/^multipart\/form-data/);
      expect(bodies[1]!.body).toContain('filename="report.csv"');
      expect(bodies[1]!.body).toContain('Sales to a webhook');
      expect(bodies[1]!.body).toContain(`${TEST_BASE}/explore/?slice_id=${chartId}`);
      expect(inbox.mails).toHaveLength(1);
    } finally {
      answers = [];
      hook.close();
    }
  });
});

describe('POST /api/v1/report/{id}/run', () => {
  it('is for the owners and admins: 403 to another user, 404 when missing, 403 without the permission', async () => {
    const id = await createReport({ report_format: 'TEXT' });
    expect((await bob.post(`/api/v1/report/${id}/run`)).status).toBe(403);
    expect((await bob.post(`/api/v1/report/${id}/run`)).body.errors[0].error_type).toBe('MISSING_OWNERSHIP_ERROR');
    expect((await gamma.post(`/api/v1/report/${id}/run`)).status).toBe(403);
    expect((await alice.post(`/api/v1/report/999999/run`)).status).toBe(404);
    expect((await alice.post(`/api/v1/report/abc/run`)).status).toBe(404);
    expect(inbox.mails).toHaveLength(0);
    const res = await admin.post(`/api/v1/report/${id}/run`);
    expect(res.status).toBe(200);
    expect(res.body.result.state).toBe('Success');
  });

  it('answers 422 with the reason when the run is refused (one already in progress)', async () => {
    const id = await createReport({ report_format: 'TEXT' });
    await t.app.get(CommandBus).execute(
      new DecideReport(
        id,
        {
          type: 'StartRun',
          data: { runId: 'stuck', scheduledAt: new Date().toISOString(), at: new Date().toISOString() },
        },
        { actor: 'system', undoable: false },
      ),
    );
    const res = await alice.post(`/api/v1/report/${id}/run`);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/still working/);
  });
});

describe('a run stuck in Working (its process died)', () => {
  it('is ended by the next StartRun as Error, and the owners are told, as the sweep would tell them', async () => {
    const id = await createReport({ report_format: 'TEXT' });
    const longAgo = new Date(Date.now() - 2 * 3600_000).toISOString(); // past the default 1 h working timeout
    await t.app
      .get(CommandBus)
      .execute(
        new DecideReport(
          id,
          { type: 'StartRun', data: { runId: 'stuck', scheduledAt: '2026-03-02T08:00:00Z', at: longAgo } },
          { actor: 'system', undoable: false },
        ),
      );

    expect(await run(id, '2026-03-02T09:00:00Z')).toMatchObject({ outcome: 'done', state: 'Success' });
    const types = await streamTypes(id);
    expect(types.indexOf('report/runTimedOut')).toBeLessThan(types.lastIndexOf('report/runStarted'));
    expect(types.filter((e) => e === 'report/ownersNotifiedOfError')).toHaveLength(1);
    const log = (await alice.get(`/api/v1/report/${id}/log/`)).body.result as { uuid: string; state: string }[];
    expect(log.find((r) => r.uuid === 'stuck')).toMatchObject({ state: 'Error' });
    // The owners' notice and the report itself.
    const notice = inbox.mails.filter((m) => m.subject.includes(`Error occurred for Report: Report ${counter}`));
    expect(notice).toHaveLength(1);
    expect(notice[0]!.rcpt).toEqual(['run_alice@example.com']);
    expect(inbox.mails).toHaveLength(2);
  });
});
