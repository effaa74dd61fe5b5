/**
 * Mail through a real SMTP server (smtp-server on a free loopback port): the raw mail it receives (subject
 * prefix, envelope with to/cc/bcc, the PNG inline by the cid the HTML names, files byte for byte), a
 * server that never greets (the send fails by the greeting timeout), and 451 against 550 replies told
 * apart as transient and permanent.
 */
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { DeliveryError } from './delivery-error';
import { MailConfig, type MailTimeouts, type SmtpSettings } from './mail-config';
import { reportMail } from './mail-message';
import { sendSmtp } from './smtp-sender';
import { parseRawMail } from './testing/raw-mail';

interface Received {
  from: string;
  rcpt: string[];
  raw: Buffer;
}

/** An SMTP server on a free port; `received` resolves with the first mail it accepts. */
async function smtpServer(options: Partial<SMTPServerOptions> = {}) {
  let deliver: (mail: Received) => void = () => undefined;
  const received = new Promise<Received>((resolve) => (deliver = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        deliver({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        done();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every timeout long, so a test shortens only the one it is about. */
const configFor = (port: number, timeouts: Partial<MailTimeouts> = {}) =>
  new MailConfig(
    { host: '127.0.0.1', port, starttls: false, ssl: false },
    'Strata <reports@strata.example>',
    '[Report] ',
    { connectionMs: 30_000, greetingMs: 30_000, socketMs: 30_000, webhookMs: 30_000, ...timeouts },
  ) as MailConfig & { smtp: SmtpSettings };

// A 1×1 PNG and files whose bytes cover every value, so an encoding slip shows.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);
const csv = Buffer.from('origin,count\nUSA,254\nJapan,79\n"Köln, DE",3\n', 'utf8');

const message = () =>
  reportMail(
    {
      name: 'Weekly delays',
      url: 'http://strata.example/superset/dashboard/7/',
      recipients: { to: ['ops@example.com', 'lead@example.com'], cc: ['cc@example.com'], bcc: ['hidden@example.com'] },
      images: [png],
      files: [
        { filename: 'report.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'report.csv', contentType: 'text/csv', content: csv },
      ],
      table: { columns: ['origin', 'count'], rows: [['<USA>', 254]] },
    },
    '[Report] ',
  );

describe('sending through SMTP', () => {
  it('delivers the mail as the server receives it: prefix, envelope, inline PNG by cid, files byte for byte', async () => {
    const server = await smtpServer();
    try {
      const receipt = await sendSmtp(configFor(server.port), message());
      expect(receipt.response).toMatch(/^250/);
      const mail = await server.received;
      expect(mail.from).toBe('reports@strata.example');
      // The envelope carries every recipient, bcc included; the headers do not show the bcc.
      expect(mail.rcpt.sort()).toEqual(['cc@example.com', 'hidden@example.com', 'lead@example.com', 'ops@example.com']);
      const parsed = parseRawMail(mail.raw);
      expect(parsed.headers.subject).toBe('[Report] Weekly delays');
      expect(parsed.headers.to).toBe('ops@example.com, lead@example.com');
      expect(parsed.headers.cc).toBe('cc@example.com');
      expect(parsed.headers.bcc).toBeUndefined();
      expect(mail.raw.toString('latin1')).not.toContain('hidden@example.com');

      const html = parsed.parts.find((p) => p.contentType.startsWith('text/html'))!.body.toString('utf8');
      expect(html).toContain('<a href="http://strata.example/superset/dashboard/7/">');
      expect(html).toContain('&lt;USA&gt;</td>');
      const cid = /<img src="cid:([^"]+)"/.exec(html)?.[1];
      const image = parsed.parts.find((p) => p.headers['content-id'] === `<${cid}>`);
      expect(image?.contentType).toMatch(/^image\/png/);
      expect(image?.headers['content-disposition']).toMatch(/^inline/);
      expect(image?.body.equals(png)).toBe(true);

      const file = (name: string) =>
        parsed.parts.find(
          (p) => p.headers['content-disposition']?.startsWith('attachment') && p.contentType.includes(name),
        );
      expect(file('report.pdf')?.body.equals(pdf)).toBe(true);
      expect(file('report.csv')?.body.equals(csv)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('fails by the greeting timeout when the server never greets, as a transient failure', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const sending = sendSmtp(configFor((silent.address() as AddressInfo).port, { greetingMs: 300 }), message());
      const error = await sending.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error).toMatchObject({ transient: true, status: null });
      expect((error as Error).message).toMatch(/Greeting never received/);
      // It did connect: the silence after connecting is what ended it.
      expect(sockets.length).toBe(1);
    } finally {
      sockets.forEach((s) => s.destroy());
      silent.close();
    }
  });

  it.each([
    [451, true],
    [550, false],
  ])('a %i reply is a DeliveryError, transient: %s', async (code, transient) => {
    const server = await smtpServer({
      onRcptTo(_address, _session, done) {
        done(Object.assign(new Error(code === 451 ? 'Try again later' : 'No such mailbox'), { responseCode: code }));
      },
    });
    try {
      const error = await sendSmtp(configFor(server.port), message()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error).toMatchObject({ transient, status: code });
      expect((error as Error).message).toContain(String(code));
    } finally {
      await server.close();
    }
  });

  it('a refused connection is transient', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await sendSmtp(configFor(port), message()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'DeliveryError', transient: true, status: null });
  });
});
