import type { ReactNode } from 'react';
import type { OverwriteConfirmation as Confirmation } from '@strata/domain';
import { DialogFooter, Modal } from './Modal';
import { OverwriteConfirmation } from './OverwriteConfirmation';

/** Someone else saved first: what the user's save would replace, and their two ways on. */
export interface OverwriteChoice {
  confirmation: Confirmation;
  ownerNames: Readonly<Record<string, string>>;
  /** Save the form's values over the latest version. */
  onOverwrite: () => void;
  /** Refill the form with the latest saved values. */
  onDiscard: () => void;
}

/**
 * A dashboard dialog that is one form: its fields, the failed save's message, Cancel and Save. Save is
 * off while the save runs or while `canSave` is false. While an overwrite is to be confirmed, the form
 * keeps the user's values, the differences are shown above it, and Overwrite and Discard replace Save.
 */
export function ModalForm({
  label,
  onClose,
  onSubmit,
  saving,
  error,
  canSave = true,
  overwrite = null,
  children,
}: {
  label: string;
  onClose: () => void;
  onSubmit: () => void;
  saving: boolean;
  error: string | null;
  canSave?: boolean;
  overwrite?: OverwriteChoice | null;
  children: ReactNode;
}) {
  return (
    <Modal label={label} onClose={onClose} className="dashboard-properties">
      <form
        className="dashboard-properties__form"
        onSubmit={(event) => {
          event.preventDefault();
          // Enter in a field while the confirmation is up must not overwrite unasked.
          if (!overwrite) onSubmit();
        }}
      >
        {overwrite && <OverwriteConfirmation confirmation={overwrite.confirmation} ownerNames={overwrite.ownerNames} />}
        {children}
        <DialogFooter error={error} onCancel={onClose}>
          {overwrite ? (
            <>
              <button type="button" disabled={saving} onClick={overwrite.onDiscard}>
                Discard my changes
              </button>
              <button type="button" className="danger" disabled={saving || !canSave} onClick={overwrite.onOverwrite}>
                {saving ? 'Saving…' : 'Overwrite'}
              </button>
            </>
          ) : (
            <button type="submit" className="primary" disabled={saving || !canSave}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          )}
        </DialogFooter>
      </form>
    </Modal>
  );
}
