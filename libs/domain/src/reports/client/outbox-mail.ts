/**
 * What `GET /api/v1/report/outbox/` answers the Outbox page (apps/server/src/mail/outbox-store.ts): the
 * mails that went to the outbox because no SMTP server is configured (`report/mailOutboxed`).
 */

export interface OutboxAttachment {
  n: number;
  filename: string;
  content_type: string;
  /** Set for an image the body shows (`<img src="cid:...">`). */
  cid: string | null;
  size: number;
  inline: boolean;
}

/** A mail of the outbox; `html` only when read alone. */
export interface OutboxMailView {
  id: string;
  report_id: number;
  report_name: string | null;
  run_id: string | null;
  created_on: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html?: string;
  attachments: OutboxAttachment[];
}

/** Each answer says whether mail goes out; `message` says plainly when it does not. */
export interface SmtpStatus {
  smtp_configured: boolean;
  message: string | null;
}
