import { draftAt, hasUnsavedChanges, type ReplayStep } from '@strata/domain';
import { readLayout } from '../dashboard/grid/layout';
import { LayoutOutline } from './LayoutOutline';
import type { ReplayApi } from './replay-api';
import { usePast } from './use-past';

/**
 * The dashboard as it was at the step, with every editor's changes up to then: the saved dashboard
 * from `?as_of=<position>`, and edit mode's shared draft folded from its stream up to the step's time
 * (draftAt). While the draft held unsaved edits, those are what the editors saw.
 */
export function DashboardReplay({ api, step }: { api: ReplayApi; step: ReplayStep }) {
  const id = step.objectId;
  const time = step.rows[step.rows.length - 1]!.time;
  const past = usePast(`${id}@${step.position}`, async () => {
    if (id === null) return null;
    const [record, draft] = await Promise.all([api.dashboardAsOf(id, step.position), api.draftEvents(id)]);
    return { record, draft: draftAt(draft, time) };
  });
  if (id === null) return <p className="card">This step names no dashboard.</p>;
  if (past.status === 'loading') return <p className="muted">Loading the dashboard as it was…</p>;
  if (past.status === 'failed')
    return (
      <p className="card" role="alert">
        {past.message}
      </p>
    );
  const { record, draft } = past.value!;
  if (!record) return <p className="card">The dashboard did not exist at this step.</p>;
  const editing = draft.dashboardId !== null && hasUnsavedChanges(draft);
  return (
    <div className="replay-dashboard" data-testid="replay-dashboard">
      <h2>{record.dashboard_title}</h2>
      <p className="muted">
        {editing
          ? 'In edit mode, with unsaved changes (the shared draft as the editors saw it):'
          : 'The saved layout at this step:'}
      </p>
      <LayoutOutline layout={editing ? draft.layout : readLayout(record.position_json).layout} />
    </div>
  );
}
