import type { EventLike } from '@strata/events';
import { summarize } from '../../audit/registry';

describe('explore permalink summaries', () => {
  it('names what a permalink shows, without its key', () => {
    const link = (formData: Record<string, unknown>): EventLike => ({
      type: 'explore/permalinkCreated',
      data: { key: 'secret-key', state: { formData } },
    });
    expect(summarize(link({ slice_id: 12 }), { who: 'bob' })).toBe('bob created a permalink to the chart #12');
    expect(summarize(link({ datasource: '3__table' }), { who: 'bob' })).toBe(
      'bob created a permalink to a view of the table #3',
    );
    expect(summarize(link({}), { who: 'bob' })).toBe('bob created a permalink to an Explore view');
  });
});
