import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { LabelColorsEvent } from './label-colors.fold';
import { labelColorSummaries } from './label-colors.summaries';

describe('label colour summaries', () => {
  it('says which labels a chart drew, and reads every fact', () => {
    const shown = labelColorSummaries.of['dashboardColors/chartLabelsShown'];
    expect(
      shown(
        { chartId: 1, labels: ['East', 'West', 'North'] },
        { who: 'alice', objectName: 'Sales', before: undefined },
      ),
    ).toBe("a chart drew 3 labels to color: 'East', 'West' and 1 more");
    const samples: SummarySamples<LabelColorsEvent> = {
      'dashboardColors/opened': { dashboardId: 1, scheme: null, metadata: {}, palette: [] },
      'dashboardColors/chartLabelsShown': { chartId: 1, labels: [] },
      'dashboardColors/synced': {},
    };
    const contexts = [
      { who: 'alice', objectName: undefined, before: undefined },
      { who: 'alice', objectName: 'Sales', before: undefined },
    ];
    expect(unreadableSummaries(labelColorSummaries, samples, contexts)).toEqual([]);
  });
});
