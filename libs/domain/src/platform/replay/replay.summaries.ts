import { defineSummaries, quote } from '../../audit/summary';
import type { ReplayEvent } from './replay.events';

const step = (n: number) => `step ${n + 1}`;

/** The replay player's own facts in the audit log's words (issue 13); a replay page's log is never sent. */
export const replaySummaries = defineSummaries<ReplayEvent>({
  context: 'replay',
  of: {
    'replay/loaded': (d, { who }) =>
      `${who} opened a replay of ${d.username ?? `user ${d.userId}`} with ${d.steps.length} step${d.steps.length === 1 ? '' : 's'}`,
    'replay/loadRefused': (d, { who }) =>
      `${who} was refused a replay of ${d.username ?? `user ${d.userId}`}: ${quote(d.message)}`,
    'replay/steppedForward': (d, { who }) => `${who} stepped forward to ${step(d.to)}`,
    'replay/steppedBack': (d, { who }) => `${who} stepped back to ${step(d.to)}`,
    'replay/scrubbed': (d, { who }) => `${who} jumped to ${step(d.to)}`,
    'replay/played': (d, { who }) => `${who} played the replay from ${step(d.from)}`,
    'replay/paused': (d, { who }) => `${who} paused the replay at ${step(d.at)}`,
    'replay/advanced': (d) => `the replay moved on to ${step(d.to)}`,
    'replay/ended': (d) => `the replay stopped at its last step, ${step(d.at)}`,
    'replay/speedChanged': (d, { who }) => `${who} set the replay speed to ${d.speed}x`,
  },
});
