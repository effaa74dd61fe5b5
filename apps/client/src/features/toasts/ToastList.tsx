import type { Toast } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import type { ToastsFeature } from './toasts.feature';
import './toasts.css';

const ICONS: Record<Toast['toastType'], string> = {
  info: 'i',
  success: '✓',
  warning: '!',
  danger: '×',
};

/** The toasts of the store's shown state, newest on top; each can be closed before its time. */
export function ToastList({ toasts }: { toasts: ToastsFeature }) {
  const state = useStoreState(toasts.store.state$);
  return (
    <div className="toasts" aria-live="polite">
      {state.toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.toastType}`}
          role={toast.toastType === 'danger' || toast.toastType === 'warning' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span className="toast__icon" aria-hidden="true">
            {ICONS[toast.toastType]}
          </span>
          <span className="toast__text">{toast.text}</span>
          <button type="button" className="toast__close" aria-label="Close" onClick={() => toasts.remove(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
