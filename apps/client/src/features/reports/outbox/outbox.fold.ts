/**
 * The Outbox page's state, a fold of its store's log: the page of mails and the mail opened, as the
 * server answered them (the mails themselves are facts of the server's log, `report/mailOutboxed`).
 */
import type { Fold } from '@strata/events';
import { unchanged } from '../../../shared/exhaustive';
import type { OutboxMailView, SmtpStatus } from './outbox-api';

export type OutboxEvent =
  | { type: 'outbox/pageQueried'; data: { requestId: string; page: number } }
  | { type: 'outbox/pageLoaded'; data: { requestId: string; count: number; mails: OutboxMailView[]; smtp: SmtpStatus } }
  | { type: 'outbox/pageFailed'; data: { requestId: string; message: string } }
  | { type: 'outbox/mailQueried'; data: { requestId: string; id: string } }
  | { type: 'outbox/mailLoaded'; data: { requestId: string; mail: OutboxMailView } }
  | { type: 'outbox/mailFailed'; data: { requestId: string; message: string } };

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
    case 'outbox/pageQueried':
      return {
        ...state,
        page: { ...page, requestId: event.data.requestId, page: event.data.page, loading: true, error: null },
      };
    case 'outbox/pageLoaded': {
      if (event.data.requestId !== page.requestId) return state;
      const { count, mails, smtp } = event.data;
      return { ...state, smtp, page: { ...page, loading: false, count, mails } };
    }
    case 'outbox/pageFailed':
      if (event.data.requestId !== page.requestId) return state;
      return { ...state, page: { ...page, loading: false, error: event.data.message } };
    case 'outbox/mailQueried': {
      const { requestId, id } = event.data;
      const keep = id === mail.id ? mail.mail : null;
      return { ...state, mail: { requestId, id, loading: true, mail: keep, error: null } };
    }
    case 'outbox/mailLoaded':
      if (event.data.requestId !== mail.requestId) return state;
      return { ...state, mail: { ...mail, loading: false, mail: event.data.mail } };
    case 'outbox/mailFailed':
      if (event.data.requestId !== mail.requestId) return state;
      return { ...state, mail: { ...mail, loading: false, mail: null, error: event.data.message } };
    default:
      return unchanged(event, state);
  }
}

export const outboxFold: Fold<OutboxState, OutboxEvent> = { initialState, evolve };
