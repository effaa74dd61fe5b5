import { useEffect, type ReactNode } from 'react';

/** A dialog over the page (charts-dashboards-reports §9: 600 px by default); Escape closes it. */
export function Modal({
  label,
  onClose,
  children,
  className = '',
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  useEffect(() => {
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [onClose]);
  return (
    <div className="dashboard-modal" role="dialog" aria-modal="true" aria-label={label}>
      <div className={`dashboard-modal__body ${className}`}>
        <h2 style={{ marginTop: 0 }}>{label}</h2>
        {children}
      </div>
    </div>
  );
}

/** "Are you sure?" before something that cannot be undone (a delete). */
export function ConfirmDialog({
  label,
  children,
  confirmLabel,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: {
  label: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal label={label} onClose={onCancel}>
      <p>{children}</p>
      {/* An empty message shows no alert. */}
      <DialogFooter error={error || null} onCancel={onCancel}>
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </DialogFooter>
    </Modal>
  );
}

/** A dialog's last lines: why the last attempt failed, if it did, then Cancel beside the dialog's own button. */
export function DialogFooter({
  error,
  onCancel,
  children,
}: {
  error: string | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error !== null && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <div className="dashboard-modal__actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        {children}
      </div>
    </>
  );
}
