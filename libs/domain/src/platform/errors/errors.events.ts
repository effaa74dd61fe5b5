import type { ClientError } from './client-error';
import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';

/** An error the user is shown in the error modal, until they close it. */
export interface ShownError {
  id: string;
  title: string;
  error: ClientError;
}

export const ERROR_SHOWN = 'errors/errorShown' as const;
export const ERROR_CLOSED = 'errors/errorClosed' as const;

export type ErrorsEvent = EventLike<typeof ERROR_SHOWN, ShownError> | EventLike<typeof ERROR_CLOSED, { id: string }>;

/** Oldest first; the modal shows the newest, and closing it reveals the one before. */
export interface ErrorsState {
  shown: readonly ShownError[];
}

export const errorsFold = {
  initialState: (): ErrorsState => ({ shown: [] }),
  evolve(state: ErrorsState, event: ErrorsEvent): ErrorsState {
    switch (event.type) {
      case ERROR_SHOWN:
        return { shown: [...state.shown, event.data] };
      case ERROR_CLOSED:
        return { shown: state.shown.filter((e) => e.id !== event.data.id) };
      default:
        return unchanged(event, state);
    }
  },
};
