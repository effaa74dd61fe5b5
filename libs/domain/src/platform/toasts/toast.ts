import type { EventLike } from '@strata/events';

/** sqllab-and-platform §3 Toast: the four kinds of toast, which also pick the colour and the duration. */
export const ToastType = {
  INFO: 'info',
  SUCCESS: 'success',
  WARNING: 'warning',
  DANGER: 'danger',
} as const;
export type ToastType = (typeof ToastType)[keyof typeof ToastType];

/** sqllab-and-platform §9: how long each kind stays on screen, in milliseconds. */
export const TOAST_DURATION_MS: Readonly<Record<ToastType, number>> = {
  info: 4000,
  success: 4000,
  warning: 6000,
  danger: 8000,
};

export interface Toast {
  id: string;
  toastType: ToastType;
  text: string;
  /** Milliseconds before the client removes it; 0 keeps it until the user closes it. */
  duration: number;
  /** Skip this toast when one with the same text is already shown. */
  noDuplicate: boolean;
}

/** Newest first: the list is shown top-down in this order. */
export interface ToastsState {
  toasts: readonly Toast[];
}

export const TOAST_ADDED = 'platform/toastAdded' as const;
export const TOAST_REMOVED = 'platform/toastRemoved' as const;

export type ToastEvent =
  EventLike<typeof TOAST_ADDED, { toast: Toast }> | EventLike<typeof TOAST_REMOVED, { id: string }>;

/** The id comes in on the command (no randomness in the domain); duration defaults per type. */
export interface AddToastData {
  id: string;
  toastType: ToastType;
  text: string;
  duration?: number;
  noDuplicate?: boolean;
}

export type ToastCommand = { type: 'AddToast'; data: AddToastData } | { type: 'RemoveToast'; data: { id: string } };

type ToastOptions = Pick<AddToastData, 'duration' | 'noDuplicate'>;

/** The command builder for one kind of toast. */
export const addToastCommandFor =
  (toastType: ToastType) =>
  (id: string, text: string, options: ToastOptions = {}): ToastCommand => ({
    type: 'AddToast',
    data: { id, toastType, text, ...options },
  });

/** Command builders named after what the user sees, e.g. `addDangerToast(id, 'Failed to stop query.')`. */
export const addInfoToast = addToastCommandFor(ToastType.INFO);
export const addSuccessToast = addToastCommandFor(ToastType.SUCCESS);
export const addWarningToast = addToastCommandFor(ToastType.WARNING);
export const addDangerToast = addToastCommandFor(ToastType.DANGER);

export const removeToast = (id: string): ToastCommand => ({ type: 'RemoveToast', data: { id } });
