import type { EventLike } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { ClientError } from './client-error';
import type { ErrorsEvent } from './errors.events';
import { errorsSummaries } from './errors.summaries';

const error: ClientError = {
  message: 'Boom',
  status: 500,
  statusText: 'Internal Server Error',
  errors: [],
  error_type: 'GENERIC_BACKEND_ERROR',
};
const shown: ErrorsEvent = { type: 'errors/errorShown', data: { id: 'e1', title: 'Query failed', error } };

describe('error summaries', () => {
  it('names the error a close refers to by its id, from when it was shown', () => {
    const closed: EventLike = { type: 'errors/errorClosed', data: { id: 'e1' } };
    expect(summarizeStream([shown, closed, closed], () => ({ who: 'alice' }))).toEqual([
      "alice was shown the error 'Query failed'",
      "alice closed the error 'Query failed'",
      'alice closed an error',
    ]);
  });

  it('reads every event type without earlier events', () => {
    const samples: SummarySamples<ErrorsEvent> = {
      'errors/errorShown': { id: 'e1', title: '', error },
      'errors/errorClosed': { id: 'e1' },
    };
    expect(unreadableSummaries(errorsSummaries, samples)).toEqual([]);
  });
});
