import rison from 'rison';
import type { HttpClient } from '../../api/http-client';

export interface OutboxAttachment {
  n: number;
  filename: string;
  content_type: string;
  /** Set for an image the body shows (`<img src="cid:...">`). */
  cid: string | null;
  size: number;
  inline: boolean;
}

/** A mail of `GET /api/v1/report/outbox/` (apps/server/src/mail/outbox-store.ts); `html` only when read alone. */
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

export const OUTBOX_PAGE_SIZE = 25;

/** The outbox's server calls (apps/server/src/mail/CONTEXT.md "Outbox API"). */
export function outboxApi(http: HttpClient) {
  const path = (id: string) => `/api/v1/report/outbox/${encodeURIComponent(id)}`;
  return {
    list: (page: number) =>
      http.get<{ count: number; result: OutboxMailView[] } & SmtpStatus>(
        `/api/v1/report/outbox/?q=${encodeURIComponent(rison.encode({ page, page_size: OUTBOX_PAGE_SIZE }))}`,
      ),
    get: (id: string) => http.get<{ result: OutboxMailView } & SmtpStatus>(path(id)),
    /** The file as stored; the browser sends the session cookie with a plain link or image. */
    attachmentUrl: (id: string, n: number) => http.url(`${path(id)}/attachment/${n}`),
  };
}
export type OutboxApi = ReturnType<typeof outboxApi>;
