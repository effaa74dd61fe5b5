import { summarize } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { DashboardPropertiesEvent } from './management';
import { dashboardPropertiesSummaries } from './management.summaries';

describe('dashboard properties summaries', () => {
  it('says what a write was for, and reads every fact', () => {
    expect(
      summarize(
        { type: 'dashboardProperties/writeFailed', data: { write: 'css', message: 'Forbidden' } },
        { who: 'alice', objectName: 'Sales' },
      ),
    ).toBe("saving the CSS of the dashboard 'Sales' failed: Forbidden");
    const samples: SummarySamples<DashboardPropertiesEvent> = {
      'dashboardProperties/dialogOpened': { write: 'properties', version: null },
      'dashboardProperties/ownersKnown': { owners: [] },
      'dashboardProperties/ownerSearchStarted': { text: '' },
      'dashboardProperties/ownersFound': { text: 'bo', count: 1, owners: [{ id: 2, label: 'bob' }] },
      'dashboardProperties/ownerSearchFailed': { text: '', message: '' },
      'dashboardProperties/rolesListed': { roles: ['Gamma', 'Analysts'] },
      'dashboardProperties/writeStarted': { write: 'publish' },
      'dashboardProperties/written': { write: 'delete' },
      'dashboardProperties/writeFailed': { write: 'saveAs', message: 'x' },
      'dashboardProperties/changedElsewhere': { write: 'properties', version: 3, items: [] },
      'dashboardProperties/changesDiscarded': { write: 'css' },
    };
    const contexts = [
      { who: 'alice', objectName: undefined, before: undefined },
      { who: 'alice', objectName: 'Sales', before: undefined },
    ];
    expect(unreadableSummaries(dashboardPropertiesSummaries, samples, contexts)).toEqual([]);
  });
});
