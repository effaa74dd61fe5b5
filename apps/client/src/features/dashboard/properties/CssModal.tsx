import { useState } from 'react';
import { useStoreState } from '../../../shared/use-store-state';
import type { DashboardPropertiesFeature } from './dashboard-properties.feature';
import { ModalForm } from './ModalForm';

/**
 * Edit CSS: the dashboard's own style sheet, shown on the page as it is typed, saved with the dashboard.
 * When someone else saved first, the draft stays until the user overwrites or discards it.
 */
export function CssModal({
  properties,
  css,
  onClose,
}: {
  properties: DashboardPropertiesFeature;
  css: string;
  onClose: () => void;
}) {
  const state = useStoreState(properties.store.state$);
  const [draft, setDraft] = useState(css);
  const failure = state.failure?.write === 'css' ? state.failure : null;
  const confirmation = state.overwriteConfirmMetadata?.write === 'css' ? state.overwriteConfirmMetadata : null;
  const save = (overwrite: boolean) => void properties.saveCss(draft, overwrite).then((saved) => saved && onClose());
  return (
    <>
      {/* The preview: later in the page than the saved sheet, so it wins until the dialog closes. */}
      <style>{draft}</style>
      <ModalForm
        label="Edit CSS"
        onClose={onClose}
        saving={state.writing === 'css'}
        error={failure?.message ?? null}
        onSubmit={() => save(false)}
        overwrite={
          confirmation && {
            confirmation,
            ownerNames: state.ownerNames,
            onOverwrite: () => save(true),
            onDiscard: () => properties.discardChanges('css'),
          }
        }
      >
        <label>
          CSS
          <textarea
            rows={14}
            spellCheck={false}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder=".dashboard-header__title { color: #20a7c9; }"
          />
        </label>
      </ModalForm>
    </>
  );
}
