import { summarize } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import { userLogEvent, type UserLogStoredEvent } from './user-log-event';
import { userLogSummaries } from './user-log.summaries';

describe('user log summaries', () => {
  it('names the logged event and where it happened', () => {
    const logged: UserLogStoredEvent = {
      type: 'platform/userEventLogged',
      data: {
        event: userLogEvent({ event_name: 'mount_dashboard', ts: 1, source: 'dashboard' }),
        dashboard_id: 3,
        guest: false,
      },
    };
    expect(summarize(logged, { who: 'alice' })).toBe("alice logged 'mount_dashboard' on the dashboard #3");
  });

  it('reads its event type, for a guest and a timing', () => {
    const samples: SummarySamples<UserLogStoredEvent> = {
      'platform/userEventLogged': {
        event: userLogEvent({ event_name: 'sqllab_run', ts: 1, source: 'sqlLab', event_type: 'timing', duration: 120 }),
        guest: true,
      },
    };
    expect(unreadableSummaries(userLogSummaries, samples)).toEqual([]);
  });
});
