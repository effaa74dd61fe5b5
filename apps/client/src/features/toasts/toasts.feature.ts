import { filter, mergeMap, map, timer, type SchedulerLike, type Subscription } from 'rxjs';
import {
  addDangerToast,
  addInfoToast,
  addSuccessToast,
  addWarningToast,
  removeToast,
  TOAST_ADDED,
  toastsDecider,
  type ToastCommand,
  type ToastEvent,
  type ToastsState,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  ofType,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';

export interface ToastOptions {
  duration?: number;
  noDuplicate?: boolean;
}

export interface ToastsFeature {
  readonly store: FeatureStore<ToastsState, ToastEvent>;
  info(text: string, options?: ToastOptions): void;
  success(text: string, options?: ToastOptions): void;
  warning(text: string, options?: ToastOptions): void;
  danger(text: string, options?: ToastOptions): void;
  remove(id: string): void;
  dispose(): void;
}

/**
 * Toasts on every page (sqllab-and-platform §4 Toasts): the domain decides (new first, noDuplicate, duration per
 * type), this store records, and a timer per shown toast removes it when its duration ends.
 */
export function createToasts(context: ClientContext, scheduler?: SchedulerLike): ToastsFeature {
  const store = createFeatureStore<ToastsState, ToastEvent>('toasts', toastsDecider, context);

  const execute = (command: ToastCommand) => {
    try {
      store.record(toastsDecider.decide(command, store.getState()), MAY_LAND_IN_PAST);
    } catch (error) {
      // A refused toast (unknown type, id reused) is a programming error, never worth a crash.
      if (error instanceof DomainError) console.warn(`toast refused: ${error.message}`);
      else throw error;
    }
  };

  const autoDismiss: Subscription = store.recorded$
    .pipe(
      filter(ofType<ToastEvent, typeof TOAST_ADDED>(TOAST_ADDED)),
      map((event) => event.data.toast),
      filter((toast) => toast.duration > 0),
      mergeMap((toast) => timer(toast.duration, scheduler).pipe(map(() => toast.id))),
    )
    .subscribe((id) => execute(removeToast(id)));

  return {
    store,
    info: (text, options) => execute(addInfoToast(context.newId(), text, options)),
    success: (text, options) => execute(addSuccessToast(context.newId(), text, options)),
    warning: (text, options) => execute(addWarningToast(context.newId(), text, options)),
    danger: (text, options) => execute(addDangerToast(context.newId(), text, options)),
    remove: (id) => execute(removeToast(id)),
    dispose: () => autoDismiss.unsubscribe(),
  };
}
