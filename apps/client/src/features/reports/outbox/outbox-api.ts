import rison from 'rison';
import type { OutboxMailView, SmtpStatus } from '@strata/domain';
import type { HttpClient } from '../../api/http-client';

// The answers' shapes are the domain's (libs/domain reports/client/outbox-mail.ts): the page's fold keeps them.
export type { OutboxAttachment, OutboxMailView, SmtpStatus } from '@strata/domain';

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
