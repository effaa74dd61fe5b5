import { unsavedExploreFormAt, type ReplayRow, type ReplayStep } from '@strata/domain';
import { ExploreAsOf } from '../explore/past/ExploreAsOf';
import type { ReplayApi } from './replay-api';
import { usePast } from './use-past';

/**
 * Explore at the step: the real Explore page as the user saw it. While they built an unsaved chart,
 * the form their form_data key held then (its `explore/formDataStored` rows folded up to the step,
 * domain `unsavedExploreFormAt`): viz type, metrics, every control; over the saved chart it edits, if
 * any. Otherwise the saved chart as it was (`?as_of=<position>`): its name, dataset and settings in the
 * (disabled) controls. The chart pane runs no query (that would query the database, and a replay runs
 * none): it says the results are not kept. Whether a saved chart existed then is asked first, so a
 * chart made later says so here rather than in an error dialog.
 */
export function ExploreReplay({ api, step, rows }: { api: ReplayApi; step: ReplayStep; rows: readonly ReplayRow[] }) {
  const unsaved = unsavedExploreFormAt(step, rows);
  if (unsaved) {
    return (
      <div className="replay-explore" data-testid="replay-explore">
        <p className="muted" data-testid="replay-explore-unsaved">
          Unsaved changes in Explore, as they were kept at this step.
        </p>
        <ExploreAsOf
          sliceId={unsaved.chartId ?? undefined}
          asOf={String(step.position)}
          queries={false}
          form={{ formData: unsaved.formData, datasource: unsaved.datasource }}
        />
      </div>
    );
  }
  return <SavedChartReplay api={api} step={step} />;
}

function SavedChartReplay({ api, step }: { api: ReplayApi; step: ReplayStep }) {
  const id = step.objectId;
  const past = usePast(`${id}@${step.position}`, () =>
    id === null ? Promise.resolve(null) : api.chartAsOf(id, step.position),
  );
  if (id === null) {
    return (
      <p className="card" data-testid="replay-explore">
        An unsaved chart in Explore: {step.summary} (its form was not kept at this step)
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
