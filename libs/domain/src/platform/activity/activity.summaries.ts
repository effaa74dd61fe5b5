import { count, defineSummaries, quote } from '../../audit/summary';
import type { ActivityEvent, ObjectRef } from './activity.events';

const objectWords = (o: ObjectRef) => `the ${o.type.replace('_', ' ')} ${o.id}`;

/** The Activity page in the audit log's words (issue 13): reading the log is itself on the page's log. */
export const activitySummaries = defineSummaries<ActivityEvent>({
  context: 'activity page',
  of: {
    'activity/pageLoaded': (d, { who }) =>
      `${who} read the activity log (${count(d.rows.length, 'row')} of ${d.count})`,
    'activity/pageLoadFailed': (d, { who }) => `reading the activity log failed for ${who}: ${quote(d.message)}`,
    'activity/rowsArrived': (d, { who }) => `${count(d.rows.length, 'new activity row')} arrived for ${who}`,
    'activity/liveTailRequested': (d, { who }) =>
      `${who} asked to follow ${d.stream === 'audit:all' ? "everyone's" : "one user's"} activity live`,
    'activity/liveTailStarted': (_d, { who }) => `${who} started following the activity live`,
    'activity/liveTailStopped': (d, { who }) =>
      d.reason
        ? `following the activity live stopped for ${who}: ${quote(d.reason)}`
        : `${who} stopped following the activity live`,
    'activity/usersLoaded': (d, { who }) => `${who} loaded the users to filter on (${count(d.users.length, 'user')})`,
    'activity/statesLoaded': (d, { who }) =>
      `${who} compared ${objectWords(d.object)} before and after the change at position ${d.position}`,
    'activity/historyLoaded': (d, { who }) =>
      `${who} read the history of ${objectWords(d.object)} (${count(d.count, 'change')})`,
    'activity/historyLoadFailed': (d, { who }) =>
      `reading the history of ${objectWords(d.object)} failed for ${who}: ${quote(d.message)}`,
    'activity/pastStateLoaded': (d, { who }) =>
      `${who} viewed ${objectWords(d.object)} as it was at position ${d.position}`,
    'activity/changeReverted': (d, { who }) => `${who} reverted a change of ${objectWords(d.object)}`,
    'activity/revertRefused': (d, { who }) =>
      `reverting a change of ${objectWords(d.object)} was refused for ${who}: ${quote(d.message)}`,
  },
});
