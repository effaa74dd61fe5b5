import { useState } from 'react';
import { SaveAction, vizTypeLabel, type ExploreSideState, type ExploreState } from '@strata/domain';
import { useStoreState } from '../../../shared/use-store-state';
import type { ExploreFeature } from '../explore.feature';
import type { DashboardChoice } from './save-actions';

const NEW_DASHBOARD = 'new';

/**
 * The save chart modal (charts-dashboards-reports §2, §4 Save chart): save as new or overwrite (owners only), the chart's
 * name, and optionally an existing or a new dashboard to add it to.
 */
export function SaveModal(props: { explore: ExploreFeature; state: ExploreState; onSaved(id: number): void }) {
  const { saveModal } = useStoreState(props.explore.side.state$);
  // The form is made when the modal opens, so its defaults are those of the chart at that moment.
  return saveModal.isVisible ? <SaveForm {...props} saveModal={saveModal} /> : null;
}

function SaveForm({
  explore,
  state,
  onSaved,
  saveModal,
}: {
  explore: ExploreFeature;
  state: ExploreState;
  onSaved(id: number): void;
  saveModal: ExploreSideState['saveModal'];
}) {
  const { canOverwrite } = explore.permissions();
  // Form input until Save.
  const [action, setAction] = useState<SaveAction>(canOverwrite ? SaveAction.OVERWRITE : SaveAction.SAVE_NEW);
  const [name, setName] = useState(state.sliceName || defaultName(state));
  const [dashboard, setDashboard] = useState('');
  const [newTitle, setNewTitle] = useState('');

  const choice: DashboardChoice =
    dashboard === NEW_DASHBOARD
      ? newTitle.trim()
        ? { kind: 'new', title: newTitle }
        : null
      : dashboard
        ? { kind: 'existing', id: Number(dashboard) }
        : null;
  const submit = async () => {
    const id = await explore.save({ action, sliceName: name, dashboard: choice });
    if (id !== null) onSaved(id);
  };

  return (
    <div className="explore-modal__backdrop">
      <div className="explore-modal" role="dialog" aria-modal="true" aria-label="Save chart">
        <h2>Save chart</h2>
        {saveModal.saveModalAlert && (
          <div className="explore-alert danger" role="alert">
            {saveModal.saveModalAlert}
          </div>
        )}
        {state.slice && (
          <div className="explore-modal__row">
            <label className="explore-check">
              <input
                type="radio"
                name="save-action"
                checked={action === SaveAction.OVERWRITE}
                disabled={!canOverwrite}
                onChange={() => setAction(SaveAction.OVERWRITE)}
              />
              Save (Overwrite)
            </label>
            <label className="explore-check">
              <input
                type="radio"
                name="save-action"
                checked={action === SaveAction.SAVE_NEW}
                onChange={() => setAction(SaveAction.SAVE_NEW)}
              />
              Save as…
            </label>
          </div>
        )}
        <label>
          Chart name
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Add to dashboard
          <select value={dashboard} onChange={(e) => setDashboard(e.target.value)}>
            <option value="">No dashboard</option>
            {saveModal.dashboards.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.dashboard_title}
              </option>
            ))}
            <option value={NEW_DASHBOARD}>+ New dashboard…</option>
          </select>
        </label>
        {dashboard === NEW_DASHBOARD && (
          <label>
            New dashboard name
            <input value={newTitle} onChange={(e) => setNewTitle(e.target.value)} />
          </label>
        )}
        <div className="explore-modal__actions">
          <button type="button" onClick={explore.closeSaveModal}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={saveModal.saving || !name.trim() || (dashboard === NEW_DASHBOARD && !newTitle.trim())}
            onClick={() => void submit()}
          >
            Save
          </button>
        </div>
      </div>
    </div>
  );
}

/** 'Bar Chart of cars' until the user names it. */
function defaultName(state: ExploreState): string {
  const ds = state.datasource?.datasource_name ?? '';
  return ds ? `${vizTypeLabel(state.formData.viz_type)} of ${ds}` : '';
}
