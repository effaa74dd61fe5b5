import type { EventLike } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { Toast, ToastEvent } from './toast';
import { toastSummaries } from './toast.summaries';

const toast: Toast = {
  id: 't1',
  toastType: 'danger',
  text: 'Failed to stop query.',
  duration: 8000,
  noDuplicate: false,
};

describe('toast summaries', () => {
  it('names a removed toast by its text, from when it was added', () => {
    const events: EventLike[] = [
      { type: 'platform/toastAdded', data: { toast } },
      { type: 'platform/toastRemoved', data: { id: 't1' } },
    ];
    expect(summarizeStream(events, () => ({ who: 'alice' }))).toEqual([
      "alice was shown the error 'Failed to stop query.'",
      "the error 'Failed to stop query.' to alice went away",
    ]);
  });

  it('reads every event type without earlier events', () => {
    const samples: SummarySamples<ToastEvent> = {
      'platform/toastAdded': { toast: { ...toast, toastType: 'success', text: '' } },
      'platform/toastRemoved': { id: 't9' },
    };
    expect(unreadableSummaries(toastSummaries, samples)).toEqual([]);
  });
});
