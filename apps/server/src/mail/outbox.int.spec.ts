/**
 * Outbox mode (no `SMTP_HOST`, issue 14 item 5) on a real PostgreSQL over real HTTP: a report's mail is
 * stored instead of sent, `report/mailOutboxed` is on the schedule's stream, the owner reads it through
 * `/api/v1/report/outbox/` (not swallowed by the reports' `/:id` route) with its attachments byte for
 * byte, another user gets 404 and Gamma 403, an admin sees all. With an SMTP server, `report/mailSent`
 * is on the stream and nothing is stored.
 */
import { CommandBus } from '@nestjs/cqrs';
import { reportStream } from '@strata/domain';
import type { AddressInfo, Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DEFAULT_MAIL_TIMEOUTS, MailConfig } from './mail-config';
import { MailDelivery } from './mail-delivery.service';
import { MailModule } from './mail.module';
import { NO_SMTP_MESSAGE } from './outbox.controller';

let t: AuthTestApp;
let admin: ApiClient;
let alice: ApiClient;
let bob: ApiClient;
let gamma: ApiClient;
let reportId: number;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const xlsx = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));

const content = {
  name: 'Weekly delays',
  url: 'http://strata.example/superset/dashboard/1/',
  recipients: { to: ['ops@example.com'], cc: ['cc@example.com'], bcc: ['hidden@example.com'] },
  images: [png],
  files: [
    {
      filename: 'report.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: xlsx,
    },
  ],
};

/** The attachment's bytes as the API serves them (ApiClient reads bodies as text). */
async function download(userId: number, path: string): Promise<{ status: number; body: Buffer; type: string | null }> {
  const token = await t.app.get(ApiTokens).accessToken(userId);
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

beforeAll(async () => {
  t = await createAuthTestApp({
    extraModules: [MailModule],
    customize: (b) =>
      b
        .overrideProvider(MailConfig)
        .useValue(new MailConfig(null, 'reports@strata.example', '[Report] ', DEFAULT_MAIL_TIMEOUTS)),
  });
  admin = await userClient(t, ['Admin']);
  alice = await userClient(t, ['Alpha']);
  bob = await userClient(t, ['Alpha']);
  gamma = await userClient(t, ['Gamma']);
  const dashboardId = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Flights' })).body.id;
  const created = await alice.post('/api/v1/report/', {
    type: 'Report',
    name: 'Weekly delays',
    crontab: '0 9 * * 1',
    creation_method: 'dashboards',
    dashboard: dashboardId,
    report_format: 'PNG',
    recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@example.com' } }],
  });
  expect(created.status).toBe(201);
  reportId = created.body.id;
}, 120_000);

afterAll(() => t?.close());

describe('outbox mode', () => {
  let deliveryId: string;

  it('stores the mail instead of sending it, with the fact on the schedule’s stream', async () => {
    const delivery = t.app.get(MailDelivery);
    expect(delivery.outboxMode).toBe(true);
    const result = await delivery.sendReport(reportId, content, {
      runId: 'run-1',
      at: new Date('2026-03-09T13:00:00Z'),
    });
    expect(result.outboxed).toBe(true);
    deliveryId = result.deliveryId;
    const events = await t.app.get(EventStore).readStream(reportStream(reportId));
    expect(events.at(-1)).toMatchObject({
      type: 'report/mailOutboxed',
      data: {
        deliveryId,
        runId: 'run-1',
        at: '2026-03-09T13:00:00.000Z',
        subject: '[Report] Weekly delays',
        recipients: 3,
      },
    });
  });

  it('shows the owner exactly the mail that would have been sent, and says no SMTP server is configured', async () => {
    const list = await alice.get('/api/v1/report/outbox/');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, ids: [deliveryId], smtp_configured: false, message: NO_SMTP_MESSAGE });
    expect(list.body.result[0]).toMatchObject({
      id: deliveryId,
      report_id: reportId,
      report_name: 'Weekly delays',
      run_id: 'run-1',
      from: 'reports@strata.example',
      to: ['ops@example.com'],
      cc: ['cc@example.com'],
      bcc: ['hidden@example.com'],
      subject: '[Report] Weekly delays',
      attachments: [
        {
          n: 0,
          filename: 'screenshot_0.png',
          content_type: 'image/png',
          cid: 'screenshot_0',
          inline: true,
          size: png.length,
        },
        { n: 1, filename: 'report.xlsx', inline: false, size: xlsx.length },
      ],
    });
    const one = await alice.get(`/api/v1/report/outbox/${deliveryId}`);
    expect(one.status).toBe(200);
    expect(one.body.result.html).toContain('<img src="cid:screenshot_0"');
    expect(one.body.result.html).toContain('href="http://strata.example/superset/dashboard/1/"');

    const image = await download(alice.userId, `/api/v1/report/outbox/${deliveryId}/attachment/0`);
    expect(image).toMatchObject({ status: 200, type: 'image/png' });
    expect(image.body.equals(png)).toBe(true);
    const file = await download(alice.userId, `/api/v1/report/outbox/${deliveryId}/attachment/1`);
    expect(file.status).toBe(200);
    expect(file.body.equals(xlsx)).toBe(true);
    expect((await download(alice.userId, `/api/v1/report/outbox/${deliveryId}/attachment/2`)).status).toBe(404);
  });

  it('keeps it from other users (404), Gamma (403), and shows it to admins', async () => {
    expect((await bob.get('/api/v1/report/outbox/')).body).toMatchObject({ count: 0, result: [] });
    expect((await bob.get(`/api/v1/report/outbox/${deliveryId}`)).status).toBe(404);
    expect((await download(bob.userId, `/api/v1/report/outbox/${deliveryId}/attachment/0`)).status).toBe(404);
    expect((await gamma.get('/api/v1/report/outbox/')).status).toBe(403);
    expect((await admin.get('/api/v1/report/outbox/')).body).toMatchObject({ count: 1, ids: [deliveryId] });
    expect((await admin.get('/api/v1/report/outbox/not-a-uuid')).status).toBe(404);
  });

  it('pages the list', async () => {
    const delivery = t.app.get(MailDelivery);
    const second = await delivery.sendReport(reportId, { ...content, images: [], files: [] });
    const page = await alice.get(`/api/v1/report/outbox/?q=(page:0,page_size:1)`);
    expect(page.body).toMatchObject({ count: 2, ids: [second.deliveryId] });
    expect((await alice.get(`/api/v1/report/outbox/?q=(page:1,page_size:1)`)).body.ids).toEqual([deliveryId]);
  });
});

describe('with an SMTP server', () => {
  it('sends, records report/mailSent on the stream, and stores nothing', async () => {
    let received!: () => void;
    const got = new Promise<void>((resolve) => (received = resolve));
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        stream.resume();
        stream.on('end', () => {
          done();
          received();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = ((smtp as unknown as { server: Server }).server.address() as AddressInfo).port;
    try {
      const config = new MailConfig(
        { host: '127.0.0.1', port, starttls: false, ssl: false },
        'reports@strata.example',
        '[Report] ',
        DEFAULT_MAIL_TIMEOUTS,
      );
      const before = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM report_mail_outbox`);
      const result = await new MailDelivery(config, t.app.get(CommandBus)).sendReport(reportId, content, {
        runId: 'run-2',
      });
      await got;
      expect(result).toMatchObject({ outboxed: false, response: expect.stringMatching(/^250/) });
      const events = await t.app.get(EventStore).readStream(reportStream(reportId));
      expect(events.at(-1)).toMatchObject({
        type: 'report/mailSent',
        data: { deliveryId: result.deliveryId, runId: 'run-2', recipients: 3 },
      });
      expect(await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM report_mail_outbox`)).toEqual(before);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
