/**
 * Sends a mail through the configured SMTP server with nodemailer. One connection per mail (reports are
 * rare, a pool would hold idle sockets) and a timeout on every step: connect, the 220 greeting, and any
 * silence after it, so a send ends (sent or a DeliveryError) within bounded time.
 */
import { createTransport } from 'nodemailer';
import { smtpDeliveryError } from './delivery-error';
import type { MailConfig, SmtpSettings } from './mail-config';
import type { MailMessage } from './mail-message';

export interface SmtpReceipt {
  messageId: string;
  /** The server's last reply ("250 OK: queued as ..."). */
  response: string;
}

export async function sendSmtp(
  config: MailConfig & { smtp: SmtpSettings },
  message: MailMessage,
): Promise<SmtpReceipt> {
  const { smtp, timeouts } = config;
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.ssl,
    requireTLS: smtp.starttls,
    // Without STARTTLS asked for, a plain server is used as is (Superset's SMTP_STARTTLS=False).
    ignoreTLS: !smtp.starttls && !smtp.ssl,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
  });
  try {
    const info = await transport.sendMail({
      from: config.from,
      to: message.to,
      cc: message.cc,
      bcc: message.bcc,
      subject: message.subject,
      html: message.html,
      attachments: message.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        cid: a.cid,
        contentDisposition: a.cid ? ('inline' as const) : ('attachment' as const),
      })),
    });
    return { messageId: info.messageId, response: info.response };
  } catch (error) {
    throw smtpDeliveryError(error);
  } finally {
    transport.close();
  }
}
