/**
 * A chart added to or removed from a dashboard by the chart save flow must reach the dashboard's open
 * edit session too, or the next draft save would publish a layout without it (or with a deleted chart).
 * The domain decides the draft's share (`decideDraftCarry`, against the fold of `dashboard-draft:<id>`);
 * this runs it as a decision on the draft stream in the caller's transaction, never as anyone's undo step.
 */
import { decideDraftCarry, draftDecider, draftStreamId, type DraftChartChange } from '@strata/domain';
import type { EntityManager } from 'typeorm';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';

/** Appends the change to the draft if one was ever opened; a dashboard nobody edited has none to carry. */
export async function carryIntoDraft(
  runner: DecisionRunner,
  tx: EntityManager,
  dashboardId: number,
  change: DraftChartChange,
  meta: DecisionMeta,
): Promise<void> {
  await runner.decideWith(
    draftStreamId(dashboardId),
    draftDecider,
    ({ events }) => decideDraftCarry(events, change, meta.actor),
    { actor: meta.actor, sessionId: meta.sessionId, undoable: false },
    { tx },
  );
}
