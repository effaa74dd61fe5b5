import fc from 'fast-check';
import { toastsDecider } from './toasts.decider';
import { addToastCommandFor, type Toast, type ToastCommand, type ToastsState } from './toast';

/** Runs commands through decide and evolve, as the client store does. */
function run(commands: readonly ToastCommand[]): ToastsState {
  return commands.reduce((state, command) => {
    try {
      return toastsDecider.decide(command, state).reduce(toastsDecider.evolve, state);
    } catch {
      return state; // a refused command changes nothing
    }
  }, toastsDecider.initialState());
}

const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const texts = fc.constantFrom('Saved', 'Network error', 'Copied to clipboard!');
const command: fc.Arbitrary<ToastCommand> = fc.oneof(
  fc
    .record({
      id: ids,
      text: texts,
      noDuplicate: fc.boolean(),
      toastType: fc.constantFrom('info', 'danger') as fc.Arbitrary<Toast['toastType']>,
    })
    .map(({ id, text, noDuplicate, toastType }) => addToastCommandFor(toastType)(id, text, { noDuplicate })),
  ids.map((id): ToastCommand => ({ type: 'RemoveToast', data: { id } })),
);

describe('toasts (property)', () => {
  it('sqllab-and-platform §4 Toasts: the list equals a plain model: newest first, noDuplicate skips, removal by id', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        let model: { id: string; text: string }[] = [];
        for (const c of commands) {
          if (c.type === 'RemoveToast') model = model.filter((t) => t.id !== c.data.id);
          else if (model.some((t) => t.id === c.data.id)) continue;
          else if (c.data.noDuplicate && model.some((t) => t.text === c.data.text)) continue;
          else model = [{ id: c.data.id, text: c.data.text }, ...model];
        }
        const state = run(commands);
        expect(state.toasts.map(({ id, text }) => ({ id, text }))).toEqual(model);
        expect(new Set(state.toasts.map((t) => t.id)).size).toBe(state.toasts.length);
      }),
    );
  });
});
