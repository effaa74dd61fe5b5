import { useState } from 'react';
import { useStoreState } from '../../../shared/use-store-state';
import type { DashboardPropertiesFeature } from './dashboard-properties.feature';
import { ModalForm } from './ModalForm';

/** Save as: a copy of the dashboard under a new title, its charts copied too when asked. */
export function SaveAsModal({
  properties,
  title,
  onSaved,
  onClose,
}: {
  properties: DashboardPropertiesFeature;
  title: string;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const state = useStoreState(properties.store.state$);
  const [name, setName] = useState(`${title} [copy]`);
  const [duplicateSlices, setDuplicateSlices] = useState(false);
  const failure = state.failure?.write === 'saveAs' ? state.failure : null;
  return (
    <ModalForm
      label="Save dashboard as"
      onClose={onClose}
      saving={state.writing === 'saveAs'}
      error={failure?.message ?? null}
      onSubmit={() => void properties.saveAs({ title: name, duplicateSlices }).then((id) => id !== null && onSaved(id))}
    >
      <label>
        New title
        <input value={name} maxLength={500} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="dashboard-properties__check">
        <input type="checkbox" checked={duplicateSlices} onChange={(e) => setDuplicateSlices(e.target.checked)} /> Also
        copy charts
      </label>
    </ModalForm>
  );
}
