import { useState } from 'react';
import { useStoreState } from '../../../shared/use-store-state';
import type { DashboardPropertiesFeature } from './dashboard-properties.feature';
import { Modal } from './Modal';

/** Save as: a copy of the dashboard under a new title, its charts copied too when asked. */
export function SaveAsModal({ properties, title, onSaved, onClose }: { properties: DashboardPropertiesFeature; title: string; onSaved: (id: number) => void; onClose: () => void }) {
  const state = useStoreState(properties.store.state$);
  const [name, setName] = useState(`${title} [copy]`);
  const [duplicateSlices, setDuplicateSlices] = useState(false);
  const failure = state.failure?.write === 'saveAs' ? state.failure : null;
  const saving = state.writing === 'saveAs';
  return (
    <Modal label="Save dashboard as" onClose={onClose} className="dashboard-properties">
      <form
        className="dashboard-properties__form"
        onSubmit={(event) => {
          event.preventDefault();
          void properties.saveAs({ title: name, duplicateSlices }).then((id) => id !== null && onSaved(id));
        }}
      >
        <label>
          New title
          <input value={name} maxLength={500} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="dashboard-properties__check">
          <input type="checkbox" checked={duplicateSlices} onChange={(e) => setDuplicateSlices(e.target.checked)} /> Also copy charts
        </label>
        {failure && (
          <div className="form-error" role="alert">
            {failure.message}
          </div>
        )}
        <div className="dashboard-modal__actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
