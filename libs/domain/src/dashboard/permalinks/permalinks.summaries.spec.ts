import { summarize } from '../../audit/registry';

describe('dashboard permalink summaries', () => {
  it('counts the filters a permalink keeps, never shows its key', () => {
    const event = {
      type: 'dashboard/permalinkCreated',
      data: { key: 'abc123', dashboardId: 7, state: { dataMask: { 'NATIVE_FILTER-a': {}, '12': {} } } },
    };
    expect(summarize(event, { who: 'alice', objectName: 'Sales' })).toBe(
      "alice created a permalink to the dashboard 'Sales' with 2 filters set",
    );
    expect(summarize({ ...event, data: { ...event.data, state: {} } }, { who: 'alice' })).toBe(
      'alice created a permalink to the dashboard',
    );
  });
});
