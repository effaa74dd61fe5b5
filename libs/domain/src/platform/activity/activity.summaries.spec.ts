import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { ActivityEvent, AuditRowView, HistoryRowView } from './activity.events';
import { activitySummaries } from './activity.summaries';

const row: AuditRowView = {
  position: 7,
  time: '2026-01-01T00:00:00.000Z',
  actor: { id: 2, username: 'bob' },
  object: { type: 'chart', id: 3, name: 'Sales' },
  type: 'chart/chartRenamed',
  summary: "bob renamed the chart 'Sales' to 'Revenue'",
  payload: { slice_name: 'Revenue' },
  batch_id: 'b1',
  undone: false,
};
const intent: HistoryRowView = {
  batch_id: 'b1',
  position: 7,
  time: row.time,
  actor: { id: 2, username: 'bob' },
  event_types: ['chart/chartRenamed'],
  events: [],
  undone: false,
};
const chart = { type: 'chart', id: 3 };
const filters = { page: 0, pageSize: 25 };

describe('activity page summaries', () => {
  it('says whose history was read and what a refused revert was told', () => {
    expect(
      activitySummaries.of['activity/revertRefused'](
        { object: { type: 'saved_query', id: 4 }, batchId: 'b1', message: 'bob changed it later' },
        { who: 'alice', objectName: undefined, before: undefined },
      ),
    ).toBe("reverting a change of the saved query 4 was refused for alice: 'bob changed it later'");
  });

  it('reads every event type', () => {
    const samples: SummarySamples<ActivityEvent> = {
      'activity/pageLoaded': { filters, count: 1, rows: [row] },
      'activity/pageLoadFailed': { filters, message: 'Forbidden' },
      'activity/rowsArrived': { rows: [row] },
      'activity/liveTailRequested': { stream: 'audit:all' },
      'activity/liveTailStarted': {},
      'activity/liveTailStopped': { reason: 'connection lost' },
      'activity/usersLoaded': { users: [{ id: 2, username: 'bob' }] },
      'activity/statesLoaded': { position: 7, object: chart, before: {}, after: {} },
      'activity/historyLoaded': { object: chart, count: 1, rows: [intent] },
      'activity/historyLoadFailed': { object: chart, message: 'Not found' },
      'activity/pastStateLoaded': { object: chart, position: 7, state: {} },
      'activity/changeReverted': { object: chart, batchId: 'b1', newBatchId: 'b2' },
      'activity/revertRefused': { object: chart, batchId: 'b1', message: 'bob changed it later' },
    };
    expect(unreadableSummaries(activitySummaries, samples)).toEqual([]);
  });
});
