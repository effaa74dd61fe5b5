import { useState } from 'react';
import { useStoreState } from '../../../shared/use-store-state';
import type { DashboardPropertiesFeature } from './dashboard-properties.feature';
import { Modal } from './Modal';

/** Edit CSS: the dashboard's own style sheet, shown on the page as it is typed, saved with the dashboard. */
export function CssModal({ properties, css, onClose }: { properties: DashboardPropertiesFeature; css: string; onClose: () => void }) {
  const state = useStoreState(properties.store.state$);
  const [draft, setDraft] = useState(css);
  const failure = state.failure?.write === 'css' ? state.failure : null;
  const saving = state.writing === 'css';
  return (
    <Modal label="Edit CSS" onClose={onClose} className="dashboard-properties">
      {/* The preview: later in the page than the saved sheet, so it wins until the dialog closes. */}
      <style>{draft}</style>
      <form
        className="dashboard-properties__form"
        onSubmit={(event) => {
          event.preventDefault();
          void properties.saveCss(draft).then((saved) => saved && onClose());
        }}
      >
        <label>
          CSS
          <textarea rows={14} spellCheck={false} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder=".dashboard-header__title { color: #20a7c9; }" />
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
