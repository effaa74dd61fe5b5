import { draftAt, hasUnsavedChanges, type ReplayRow, type ReplayStep } from '@strata/domain';
import { DashboardAsOf } from '../dashboard/past/DashboardAsOf';
import { filterValuesAt } from './opened-filters';
import type { ReplayApi } from './replay-api';
import { usePast } from './use-past';

/**
 * The real dashboard page as it was at the step (`DashboardAsOf` at the step's log position: header,
 * filter bar, grid with the real charts), with every editor's changes up to then, read-only and running
 * no query. While edit mode's shared draft held unsaved edits at the step's time (draftAt), the page
 * draws that draft, as the editors saw it, and says so. The filter values are those the user had then:
 * the latest filter state the page kept for them (issue 16) or address they opened (opened-filters.ts).
 */
export function DashboardReplay({
  api,
  step,
  rows,
}: {
  api: ReplayApi;
  step: ReplayStep;
  /** The user's rows up to and including the step. */
  rows: readonly ReplayRow[];
}) {
  const id = step.objectId;
  const time = step.rows[step.rows.length - 1]!.time;
  const key = `${id}@${step.position}`;
  // Read once per step, so the page gets the same draft and values (its load follows them) until the next.
  const past = usePast(key, async () => {
    if (id === null) return null;
    const draft = draftAt(await api.draftEvents(id), time);
    return {
      draft: draft.dashboardId !== null && hasUnsavedChanges(draft) ? draft.layout : null,
      filterValues: filterValuesAt(rows, id),
    };
  });
  if (id === null) return <p className="card">This step names no dashboard.</p>;
  if (past.status === 'loading') return <p className="muted">Loading the dashboard as it was…</p>;
  if (past.status === 'failed')
    return (
      <p className="card" role="alert">
        {past.message}
      </p>
    );
  const { draft, filterValues } = past.value!;
  const who = step.rows[0]?.actor.username ?? 'the user';
  return (
    <div className="replay-dashboard" data-testid="replay-dashboard">
      <p className="muted" data-testid="replay-filters-note">
        {filterValues?.from === 'bar'
          ? `Filters: the values ${who} had applied then.`
          : filterValues
            ? `Filters: the values of the address ${who} opened.`
            : `Filters: the dashboard's defaults of then (${who} had chosen none).`}
      </p>
      <DashboardAsOf
        key={key}
        dashboardId={id}
        asOf={String(step.position)}
        queries={false}
        draft={draft}
        {...(filterValues?.from === 'bar' ? { dataMask: filterValues.dataMask } : {})}
        {...(filterValues?.from === 'address' ? { filterValues: filterValues.values } : {})}
      />
    </div>
  );
}
