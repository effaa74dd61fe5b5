import type { EventLike, Fold } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';
import type { OutboxMailView, SmtpStatus } from './outbox-mail';

/**
 * The Outbox page (`/report/outbox/`) as facts the client learnt: the page of mails and the mail opened,
 * as the server answered them. The mails themselves are facts of the server's log (`report/mailOutboxed`).
 */

export const OUTBOX_PAGE_QUERIED = 'outbox/pageQueried' as const;
export const OUTBOX_PAGE_LOADED = 'outbox/pageLoaded' as const;
export const OUTBOX_PAGE_FAILED = 'outbox/pageFailed' as const;
export const OUTBOX_MAIL_QUERIED = 'outbox/mailQueried' as const;
export const OUTBOX_MAIL_LOADED = 'outbox/mailLoaded' as const;
export const OUTBOX_MAIL_FAILED = 'outbox/mailFailed' as const;

export type OutboxEvent =
  | EventLike<typeof OUTBOX_PAGE_QUERIED, { requestId: string; page: number }>
  | EventLike<
      typeof OUTBOX_PAGE_LOADED,
      { requestId: string; count: number; mails: OutboxMailView[]; smtp: SmtpStatus }
    >
  | EventLike<typeof OUTBOX_PAGE_FAILED, { requestId: string; message: string }>
  | EventLike<typeof OUTBOX_MAIL_QUERIED, { requestId: string; id: string }>
  | EventLike<typeof OUTBOX_MAIL_LOADED, { requestId: string; mail: OutboxMailView }>
  | EventLike<typeof OUTBOX_MAIL_FAILED, { requestId: string; message: string }>;

export interface OutboxState {
  page: {
    requestId: string | null;
    page: number;
    loading: boolean;
    count: number;
    mails: OutboxMailView[];
    error: string | null;
  };
  smtp: SmtpStatus | null;
  mail: {
    requestId: string | null;
    id: string | null;
    loading: boolean;
    mail: OutboxMailView | null;
    error: string | null;
  };
}

const initialState = (): OutboxState => ({
  page: { requestId: null, page: 0, loading: false, count: 0, mails: [], error: null },
  smtp: null,
  mail: { requestId: null, id: null, loading: false, mail: null, error: null },
});

function evolve(state: OutboxState, event: OutboxEvent): OutboxState {
  const { page, mail } = state;
  switch (event.type) {
    case OUTBOX_PAGE_QUERIED:
      return {
        ...state,
        page: { ...page, requestId: event.data.requestId, page: event.data.page, loading: true, error: null },
      };
    case OUTBOX_PAGE_LOADED: {
      // Only the latest query's answer: paging quickly sends several.
      if (event.data.requestId !== page.requestId) return state;
      const { count, mails, smtp } = event.data;
      return { ...state, smtp, page: { ...page, loading: false, count, mails } };
    }
    case OUTBOX_PAGE_FAILED:
      if (event.data.requestId !== page.requestId) return state;
      return { ...state, page: { ...page, loading: false, error: event.data.message } };
    case OUTBOX_MAIL_QUERIED: {
      const { requestId, id } = event.data;
      // The same mail stays shown while it is read again; another one is not shown under its address.
      const keep = id === mail.id ? mail.mail : null;
      return { ...state, mail: { requestId, id, loading: true, mail: keep, error: null } };
    }
    case OUTBOX_MAIL_LOADED:
      if (event.data.requestId !== mail.requestId) return state;
      return { ...state, mail: { ...mail, loading: false, mail: event.data.mail } };
    case OUTBOX_MAIL_FAILED:
      if (event.data.requestId !== mail.requestId) return state;
      return { ...state, mail: { ...mail, loading: false, mail: null, error: event.data.message } };
    default:
      return unchanged(event, state);
  }
}

export const outboxFold: Fold<OutboxState, OutboxEvent> = { initialState, evolve };
