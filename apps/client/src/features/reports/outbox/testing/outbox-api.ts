import type { RecordedRequest } from '../../../../testing/test-server';
import type { OutboxMailView } from '../outbox-api';

export const MAIL_ID = '0b6f3c1e-6a52-4c1a-9d7e-5f0e8a7b2c41';

/** A PNG report's mail as apps/server/src/mail/mail-message.ts builds it: the screenshot inline, a CSV attached. */
export const MAIL: OutboxMailView = {
  id: MAIL_ID,
  report_id: 2,
  report_name: 'Daily delays',
  run_id: 'run-0',
  created_on: '2026-11-27T06:30:03.000Z',
  from: 'strata@localhost',
  to: ['bob@example.com'],
  cc: ['boss@example.com'],
  bcc: ['audit@example.com'],
  subject: '[Report] Daily delays',
  html:
    '<html><body><p>Delays by airline</p><p><a href="http://strata.test/explore/?slice_id=9">Explore in Strata</a></p>\n' +
    '<img src="cid:screenshot_0" alt="Daily delays" onerror="alert(1)"><script>alert(2)</script></body></html>',
  attachments: [
    { n: 0, filename: 'screenshot_0.png', content_type: 'image/png', cid: 'screenshot_0', size: 20480, inline: true },
    { n: 1, filename: 'report.csv', content_type: 'text/csv', cid: null, size: 120, inline: false },
  ],
};

const NO_SMTP =
  'No SMTP server is configured (SMTP_HOST is not set): report mails are kept in this outbox instead of being sent.';

const json = (status: number, body: unknown) => ({ status, body });

/** `/api/v1/report/outbox/` with the server's shapes (outbox.controller.ts), over `mails`. */
export function outboxApi(mails: OutboxMailView[] = [MAIL], smtpConfigured = false) {
  const status = { smtp_configured: smtpConfigured, message: smtpConfigured ? null : NO_SMTP };
  return (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/v1/report/outbox/') {
      const listed = mails.map(({ html: _html, ...m }) => m);
      return json(200, { count: listed.length, ids: listed.map((m) => m.id), result: listed, ...status });
    }
    const one = /^\/api\/v1\/report\/outbox\/([^/]+)$/.exec(url.pathname);
    const mail = one && mails.find((m) => m.id === one[1]);
    if (mail) return json(200, { id: mail.id, result: mail, ...status });
    return undefined;
  };
}
