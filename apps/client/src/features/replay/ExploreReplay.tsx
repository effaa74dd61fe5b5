import type { ReplayStep } from '@strata/domain';
import type { ReplayApi } from './replay-api';
import { usePast } from './use-past';

function settings(params: string | null): [string, string][] {
  if (!params) return [];
  try {
    const parsed = JSON.parse(params) as Record<string, unknown>;
    return Object.entries(parsed).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
  } catch {
    return [['params', params]];
  }
}

/**
 * The chart as it was at the step (`GET /api/v1/chart/<id>?as_of=<position>`): its name, type and
 * settings. Explore's chart pane is not drawn: it needs the chart's data, which would run the chart's
 * query against the database, and a replay runs none.
 */
export function ExploreReplay({ api, step }: { api: ReplayApi; step: ReplayStep }) {
  const id = step.objectId;
  const past = usePast(`${id}@${step.position}`, () =>
    id === null ? Promise.resolve(null) : api.chartAsOf(id, step.position),
  );
  if (id === null) {
    return (
      <p className="card" data-testid="replay-explore">
        An unsaved chart in Explore: {step.summary}
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
  const chart = past.value;
  if (!chart) return <p className="card">The chart did not exist at this step.</p>;
  return (
    <div className="replay-explore" data-testid="replay-explore">
      <h2>{chart.slice_name}</h2>
      <p className="muted">{chart.viz_type} chart · its data is not queried again during a replay.</p>
      <dl className="replay-explore__settings">
        {settings(chart.params).map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
