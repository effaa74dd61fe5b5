import {
  OUTBOX_MAIL_FAILED,
  OUTBOX_MAIL_LOADED,
  OUTBOX_MAIL_QUERIED,
  OUTBOX_PAGE_FAILED,
  OUTBOX_PAGE_LOADED,
  OUTBOX_PAGE_QUERIED,
  outboxFold,
  type OutboxEvent,
  type OutboxState,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { hasStatus, toClientError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import { outboxApi, type OutboxApi } from './outbox-api';

export interface OutboxFeature {
  readonly store: FeatureStore<OutboxState, OutboxEvent>;
  readonly api: OutboxApi;
  /** A page of mails, newest first (a newer call wins). */
  load(page: number): Promise<void>;
  /** One mail with its HTML. */
  open(id: string): Promise<void>;
}

export function createOutbox(context: ClientContext, http: HttpClient): OutboxFeature {
  const store = createFeatureStore<OutboxState, OutboxEvent>('report-outbox', outboxFold, context);
  const api = outboxApi(http);
  const message = (thrown: unknown) => toClientError(thrown).message;
  return {
    store,
    api,
    async load(page) {
      const requestId = context.newId();
      store.record([{ type: OUTBOX_PAGE_QUERIED, data: { requestId, page } }], MAY_LAND_IN_PAST);
      try {
        const { count, result, smtp_configured, message: smtpMessage } = await api.list(page);
        const smtp = { smtp_configured, message: smtpMessage };
        store.record([{ type: OUTBOX_PAGE_LOADED, data: { requestId, count, mails: result, smtp } }], MAY_LAND_IN_PAST);
      } catch (thrown) {
        store.record([{ type: OUTBOX_PAGE_FAILED, data: { requestId, message: message(thrown) } }], MAY_LAND_IN_PAST);
      }
    },
    async open(id) {
      const requestId = context.newId();
      store.record([{ type: OUTBOX_MAIL_QUERIED, data: { requestId, id } }], MAY_LAND_IN_PAST);
      try {
        const { result } = await api.get(id);
        store.record([{ type: OUTBOX_MAIL_LOADED, data: { requestId, mail: result } }], MAY_LAND_IN_PAST);
      } catch (thrown) {
        const text = hasStatus(thrown, 404) ? 'There is no such mail, or it is not yours.' : message(thrown);
        store.record([{ type: OUTBOX_MAIL_FAILED, data: { requestId, message: text } }], MAY_LAND_IN_PAST);
      }
    },
  };
}
