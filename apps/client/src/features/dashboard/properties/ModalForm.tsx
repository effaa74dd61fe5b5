import type { ReactNode } from 'react';
import { DialogFooter, Modal } from './Modal';

/**
 * A dashboard dialog that is one form: its fields, the failed save's message, Cancel and Save. Save is
 * off while the save runs or while `canSave` is false.
 */
export function ModalForm({
  label,
  onClose,
  onSubmit,
  saving,
  error,
  canSave = true,
  children,
}: {
  label: string;
  onClose: () => void;
  onSubmit: () => void;
  saving: boolean;
  error: string | null;
  canSave?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal label={label} onClose={onClose} className="dashboard-properties">
      <form
        className="dashboard-properties__form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <DialogFooter error={error} onCancel={onClose}>
          <button type="submit" className="primary" disabled={saving || !canSave}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </DialogFooter>
      </form>
    </Modal>
  );
}
