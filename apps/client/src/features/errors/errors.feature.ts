import { ErrorMessages, type ClientError } from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import type { ToastsFeature } from '../toasts/toasts.feature';
import { copyToClipboard } from './clipboard';
import { ERROR_CLOSED, ERROR_SHOWN, errorsFold, type ErrorsEvent, type ErrorsState } from '@strata/domain';

export interface ErrorsFeature {
  readonly store: FeatureStore<ErrorsState, ErrorsEvent>;
  /** Opens the error modal for a failed request or action. */
  show(error: ClientError, title?: string): void;
  close(id: string): void;
  /** 'Copy message': copies and confirms with a toast, or says how to copy by hand. */
  copyMessage(text: string): Promise<void>;
}

export function createErrors(context: ClientContext, toasts: ToastsFeature): ErrorsFeature {
  const store = createFeatureStore<ErrorsState, ErrorsEvent>('errors', errorsFold, context);
  return {
    store,
    show(error, title = ErrorMessages.UNEXPECTED_ERROR_TITLE) {
      store.record([{ type: ERROR_SHOWN, data: { id: context.newId(), title, error } }], MAY_LAND_IN_PAST);
    },
    close(id) {
      if (store.getState().shown.some((e) => e.id === id)) store.record([{ type: ERROR_CLOSED, data: { id } }]);
    },
    async copyMessage(text) {
      if (await copyToClipboard(text)) toasts.success(ErrorMessages.COPIED_TO_CLIPBOARD);
      else toasts.danger(ErrorMessages.COPY_NOT_SUPPORTED);
    },
  };
}
