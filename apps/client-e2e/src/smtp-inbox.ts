import type { AddressInfo, Server } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (smtp-server) on a free loopback port that keeps every mail it accepts, read into
 * its headers and the leaf parts of its MIME tree (bodies decoded), so a spec finds the inline PNG.
 * Its own small reader: the server's testing helpers are not for the e2e project (tools/boundaries).
 */
export interface MailPart {
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
}

export interface ReceivedMail {
  rcpt: string[];
  subject: string;
  html: string;
  parts: MailPart[];
}

export interface SmtpInbox {
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { headers, body } = splitHead(Buffer.concat(chunks).toString('latin1'));
        const parts = leaves(headers, body);
        mails.push({
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          subject: headers.subject ?? '',
          html: parts.find((p) => p.contentType.startsWith('text/html'))?.body.toString('utf8') ?? '',
          parts,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function splitHead(text: string): { headers: Record<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end < 0 ? '' : text.slice(end + 4) };
}

function decode(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'latin1');
  }
}

function leaves(headers: Record<string, string>, body: string): MailPart[] {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary)
    return [{ headers, contentType, body: decode(body, headers['content-transfer-encoding']) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((s) => !s.startsWith('--'))
    .flatMap((s) => {
      const part = splitHead(s.replace(/^\r\n/, '').replace(/\r\n$/, ''));
      return leaves(part.headers, part.body);
    });
}
