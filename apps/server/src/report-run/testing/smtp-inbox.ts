/**
 * A real SMTP server (smtp-server) on a free loopback port for the executor's specs: it keeps every mail
 * it accepts, parsed (mail/testing/raw-mail.ts), and can refuse the next N mails with a reply code
 * (451: try again later; 550: never) to exercise retries.
 */
import type { AddressInfo, Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseRawMail, type RawMail } from '../../mail/testing/raw-mail';

export interface InboxMail extends RawMail {
  rcpt: string[];
  subject: string;
  html: string;
}

export interface SmtpInbox {
  port: number;
  mails: InboxMail[];
  /** MAIL FROM commands seen, refused ones included. */
  attempts: number;
  /** Refuse the next `count` mails with this code. */
  refuseNext(count: number, code: number): void;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  let refusals = { count: 0, code: 451 };
  const inbox = {
    port: 0,
    mails: [] as InboxMail[],
    attempts: 0,
    refuseNext(count: number, code: number) {
      refusals = { count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      inbox.attempts++;
      if (refusals.count > 0) {
        refusals.count--;
        const error = Object.assign(new Error(refusals.code < 500 ? 'Try again later' : 'Mailbox unavailable'), {
          responseCode: refusals.code,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseRawMail(Buffer.concat(chunks));
        const html = parsed.parts.find((p) => p.contentType.startsWith('text/html'))?.body.toString('utf8') ?? '';
        inbox.mails.push({
          ...parsed,
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.headers.subject ?? '',
          html,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inbox.port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port;
  return inbox;
}
