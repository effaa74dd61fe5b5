/**
 * A dashboard's shared draft (edit mode, `dashboard-draft:<id>`) as it was at a step, folded with the
 * draft's own decider through the event log (so undone batches are skipped as the editors saw them).
 * The saved dashboard comes from the server's `?as_of=<position>`; the draft's stream is cut by time,
 * the events' `meta.at`, which is what the audit rows' `time` is.
 */
import { EventLog, type Envelope, type Fold } from '@strata/events';
import { draftDecider } from '../../dashboard/session/draft.decider';
import type { DraftState } from '../../dashboard/session/draft.model';

export function draftAt(envelopes: readonly Envelope[], time: string): DraftState {
  const until = Date.parse(time);
  const upTo = envelopes.filter((e) => Date.parse(String(e.meta.at)) <= until);
  return EventLog.from(draftDecider as unknown as Fold<DraftState>, upTo).state;
}
