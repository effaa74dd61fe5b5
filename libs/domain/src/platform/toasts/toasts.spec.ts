import { deciderSpec } from '@strata/domain/testing';
import { toastsDecider } from './toasts.decider';
import {
  TOAST_ADDED,
  TOAST_DURATION_MS,
  TOAST_REMOVED,
  addDangerToast,
  addInfoToast,
  addSuccessToast,
  addWarningToast,
  removeToast,
  type Toast,
  type ToastEvent,
} from './toast';

const spec = deciderSpec(toastsDecider);

const toast = (id: string, text: string, overrides: Partial<Toast> = {}): Toast => ({
  id,
  toastType: 'info',
  text,
  duration: 4000,
  noDuplicate: false,
  ...overrides,
});
const added = (t: Toast): ToastEvent => ({ type: TOAST_ADDED, data: { toast: t } });
const removed = (id: string): ToastEvent => ({ type: TOAST_REMOVED, data: { id } });

describe('toasts', () => {
  it('sqllab-and-platform §4 Toasts: a new toast goes to the front of the list', () => {
    spec
      .given([added(toast('a', 'first'))])
      .when(addSuccessToast('b', 'Saved'))
      .thenState({ toasts: [toast('b', 'Saved', { toastType: 'success' }), toast('a', 'first')] });
  });

  it('sqllab-and-platform §4 Toasts: adding a toast gives one toastAdded event carrying the toast', () => {
    spec
      .given([])
      .when(addInfoToast('a', 'Copied to clipboard!'))
      .then([added(toast('a', 'Copied to clipboard!'))]);
  });

  it('sqllab-and-platform §4 Toasts: skipped if noDuplicate is set and a toast with the same text exists', () => {
    spec
      .given([added(toast('a', 'Network error', { toastType: 'danger', duration: 8000 }))])
      .when(addDangerToast('b', 'Network error', { noDuplicate: true }))
      .then([]);
  });

  it('sqllab-and-platform §5: a toast with noDuplicate is added when no toast has its text', () => {
    spec
      .given([added(toast('a', 'Other text'))])
      .when(addInfoToast('b', 'Network error', { noDuplicate: true }))
      .then([added(toast('b', 'Network error', { noDuplicate: true }))]);
  });

  it('sqllab-and-platform §4 Toasts: without noDuplicate the same text may be shown twice', () => {
    spec
      .given([added(toast('a', 'Saved'))])
      .when(addInfoToast('b', 'Saved'))
      .thenState({ toasts: [toast('b', 'Saved'), toast('a', 'Saved')] });
  });

  it('sqllab-and-platform §4 Toasts: removal is by id', () => {
    spec
      .given([added(toast('a', 'same')), added(toast('b', 'same'))])
      .when(removeToast('a'))
      .thenState({ toasts: [toast('b', 'same')] });
  });

  it('sqllab-and-platform §4 Toasts: removing a toast that is already gone gives no event', () => {
    spec
      .given([added(toast('a', 'x')), removed('a')])
      .when(removeToast('a'))
      .then([]);
  });

  it.each([
    ['info', 4000, addInfoToast],
    ['success', 4000, addSuccessToast],
    ['warning', 6000, addWarningToast],
    ['danger', 8000, addDangerToast],
  ] as const)('sqllab-and-platform §9: a %s toast lasts %i ms by default', (toastType, duration, add) => {
    expect(TOAST_DURATION_MS[toastType]).toBe(duration);
    spec
      .given([])
      .when(add('t', 'hello'))
      .then([added(toast('t', 'hello', { toastType, duration }))]);
  });

  it('sqllab-and-platform §3 Toast: an explicit duration on the command wins over the default', () => {
    spec
      .given([])
      .when(addWarningToast('t', 'sticky', { duration: 0 }))
      .then([added(toast('t', 'sticky', { toastType: 'warning', duration: 0 }))]);
  });

  it('refuses a negative duration', () => {
    spec
      .given([])
      .when(addInfoToast('t', 'x', { duration: -1 }))
      .thenThrows('toast_duration_invalid');
  });

  it('refuses a second toast with an id already shown (ids come in on the command)', () => {
    spec
      .given([added(toast('a', 'x'))])
      .when(addInfoToast('a', 'y'))
      .thenThrows('toast_id_taken');
  });

  it('refuses an unknown toast type coming from an untyped caller', () => {
    const command = { type: 'AddToast', data: { id: 'a', toastType: 'purple', text: 'x' } };
    spec
      .given([])
      .when(command as never)
      .thenThrows('toast_type_unknown');
  });

  it('evolve ignores a replayed toastAdded whose id is already in the list', () => {
    spec.given([added(toast('a', 'x')), added(toast('a', 'x'))]).thenState({ toasts: [toast('a', 'x')] });
  });

  it('refuses a command it does not know', () => {
    spec
      .given([])
      .when({ type: 'ClearAllToasts', data: {} } as never)
      .thenThrows('command_unknown');
  });

  it('evolve leaves the toasts unchanged for an event of another context', () => {
    const foreign = { type: 'sqllab/queryStarted', data: {} } as unknown as ToastEvent;
    spec.given([added(toast('a', 'x')), foreign]).thenState({ toasts: [toast('a', 'x')] });
  });
});
