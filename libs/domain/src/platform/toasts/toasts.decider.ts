import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import {
  TOAST_ADDED,
  TOAST_DURATION_MS,
  TOAST_REMOVED,
  ToastType,
  type ToastCommand,
  type ToastEvent,
  type ToastsState,
} from './toast';

const TOAST_TYPES: readonly string[] = Object.values(ToastType);

export const toastsDecider: Decider<ToastsState, ToastEvent, ToastCommand> = {
  initialState: () => ({ toasts: [] }),

  decide(command, state) {
    switch (command.type) {
      case 'AddToast': {
        const { id, toastType, text, noDuplicate = false } = command.data;
        if (!TOAST_TYPES.includes(toastType)) {
          throw new DomainError('toast_type_unknown', `Unknown toast type '${String(toastType)}'.`);
        }
        const duration = command.data.duration ?? TOAST_DURATION_MS[toastType];
        if (!Number.isFinite(duration) || duration < 0) {
          throw new DomainError('toast_duration_invalid', 'A toast duration must be zero or more milliseconds.');
        }
        if (state.toasts.some((t) => t.id === id)) {
          throw new DomainError('toast_id_taken', `A toast with id '${id}' is already shown.`);
        }
        // sqllab-and-platform §4 Toasts: skipped, not refused: the caller asked for "at most once", which holds.
        if (noDuplicate && state.toasts.some((t) => t.text === text)) return [];
        return [{ type: TOAST_ADDED, data: { toast: { id, toastType, text, duration, noDuplicate } } }];
      }
      case 'RemoveToast':
        // The close button and the auto-dismiss timer race; the loser finds nothing to remove.
        return state.toasts.some((t) => t.id === command.data.id)
          ? [{ type: TOAST_REMOVED, data: { id: command.data.id } }]
          : [];
      default:
        return unknownCommand(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case TOAST_ADDED:
        if (state.toasts.some((t) => t.id === event.data.toast.id)) return state;
        return { toasts: [event.data.toast, ...state.toasts] };
      case TOAST_REMOVED:
        return { toasts: state.toasts.filter((t) => t.id !== event.data.id) };
      default:
        return leaveUnchanged(event, state);
    }
  },
};
