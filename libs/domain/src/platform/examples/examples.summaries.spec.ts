import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { ExamplesEvent } from './examples.events';
import { examplesSummaries } from './examples.summaries';

describe('examples summaries', () => {
  it('says how far the example data had loaded', () => {
    const status = {
      state: 'loading' as const,
      tables: [
        { name: 'cars', rows: 406, expected_rows: 406, loaded: true },
        { name: 'flights', rows: 10, expected_rows: null, loaded: false },
      ],
    };
    expect(
      examplesSummaries.of['examples/statusLoaded'](
        { status },
        { who: 'alice', objectName: undefined, before: undefined },
      ),
    ).toBe('alice checked the example data: still loading (1 of 2 tables done)');
  });

  it('reads every event type', () => {
    const samples: SummarySamples<ExamplesEvent> = {
      'examples/statusLoaded': { status: { state: 'failed', error: 'disk full', tables: [] } },
      'examples/statusFailed': { message: 'Not found' },
    };
    expect(unreadableSummaries(examplesSummaries, samples)).toEqual([]);
  });
});
