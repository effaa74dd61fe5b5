import type { ReplayStep } from '@strata/domain';
import { ExploreAsOf } from '../explore/past/ExploreAsOf';
import type { ReplayApi } from './replay-api';
import { usePast } from './use-past';

/**
 * Explore at the step: the real Explore page with the chart as it was (`?as_of=<position>`): its name,
 * dataset and settings in the (disabled) controls. Its chart pane runs no query (that would query the
 * database, and a replay runs none): it says the results are not kept. Whether the chart existed then
 * is asked first, so a chart made later says so here rather than in an error dialog.
 */
export function ExploreReplay({ api, step }: { api: ReplayApi; step: ReplayStep }) {
  const id = step.objectId;
  const past = usePast(`${id}@${step.position}`, () =>
    id === null ? Promise.resolve(null) : api.chartAsOf(id, step.position),
  );
  if (id === null) {
    return (
      <p className="card" data-testid="replay-explore">
        An unsaved chart in Explore: {step.summary} (only a saved chart can be shown as it was)
      </p>
    );
  }
  if (past.status === 'loading') return <p className="muted">Loading the chart as it was…</p>;
  if (past.status === 'failed')
    return (
      <p className="card" role="alert">
        {past.message}
      </p>
    );
  if (!past.value)
    return (
      <p className="card" data-testid="replay-explore">
        The chart did not exist at this step.
      </p>
    );
  return (
    <div className="replay-explore" data-testid="replay-explore">
      <ExploreAsOf sliceId={id} asOf={String(step.position)} queries={false} />
    </div>
  );
}
