import { defineSummaries, quote } from '../../audit/summary';
import type { Toast, ToastEvent, ToastsState, ToastType } from './toast';
import { toastsDecider } from './toasts.decider';

const KIND: Record<ToastType, string> = {
  info: 'notice',
  success: 'confirmation',
  warning: 'warning',
  danger: 'error',
};

const toast = (t: Toast) => `${KIND[t.toastType] ?? 'message'} ${quote(t.text)}`;

/**
 * Toasts in the audit log's words (issue 13). A removal names only the toast's id, so the names fold is
 * the toasts' own evolve; a toast goes when its time is up or when the user closes it, so neither is said.
 */
export const toastSummaries = defineSummaries<ToastEvent, ToastsState>({
  context: 'toasts',
  names: { initial: toastsDecider.initialState, evolve: toastsDecider.evolve },
  of: {
    'platform/toastAdded': (d, { who }) => `${who} was shown the ${toast(d.toast)}`,
    'platform/toastRemoved': (d, { who, before }) => {
      const shown = before?.toasts.find((t) => t.id === d.id);
      return shown === undefined ? `a message to ${who} went away` : `the ${toast(shown)} to ${who} went away`;
    },
  },
});
