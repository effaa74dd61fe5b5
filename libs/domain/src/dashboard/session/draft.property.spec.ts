import { isHistoryEvent, type LogEntry } from '@strata/events';
import fc from 'fast-check';
import { deepEqual } from '../../testing/deep-equal';
import { layoutProblems } from '../layout/validate';
import { GRID_ID, HEADER_ID, ROOT_ID, type Layout } from '../layout/types';
import { GESTURE_SEED_LENGTH, gestureFrom, type Gesture } from '../testing/gestures';
import { DraftSession } from '../testing/draft-session';
import { evolveDraft, initialDraftState } from './draft.decider';
import type { DraftEvent, DraftState } from './draft.model';
import { checkDraftHistory, draftUndoCommand } from './undo';

const gesture: fc.Arbitrary<Gesture> = fc
  .array(fc.nat(), { minLength: GESTURE_SEED_LENGTH, maxLength: GESTURE_SEED_LENGTH })
  .map(gestureFrom);

const ACTORS = ['alice', 'bob'] as const;

type Step =
  | { kind: 'edit'; actor: number; gesture: Gesture }
  | { kind: 'undo' | 'redo'; actor: number }
  | { kind: 'save'; actor: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('edit' as const), actor: fc.nat(1), gesture }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'redo' as const), actor: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('save' as const), actor: fc.nat(1) }) },
);

/** The reference fold: the log without markers and without the batches undone at its end. */
function foldWithoutUndone(entries: readonly LogEntry[], isUndone: (batchId: string) => boolean): DraftState {
  return entries
    .filter((e) => !isHistoryEvent(e) && !isUndone(e.meta.batchId))
    .reduce((s, e) => evolveDraft(s, e as unknown as DraftEvent), initialDraftState());
}

function run(steps: readonly Step[]): DraftSession {
  const session = new DraftSession();
  steps.forEach((s, n) => {
    const actor = ACTORS[s.actor]!;
    if (s.kind === 'edit') session.tryExec(actor, s.gesture(session.state.layout, n, actor));
    else if (s.kind === 'undo') session.undo(actor);
    else if (s.kind === 'redo') session.redo(actor);
    else session.tryExec(actor, { type: 'SaveDraft', actor, data: { at: 'x' } });
    expect(layoutProblems(session.state.layout)).toEqual([]);
  });
  return session;
}

describe('edit session properties (issue 5 "Done when")', () => {
  it('two users editing, undoing, redoing and saving: the draft stays valid, and folding with undo markers equals folding the log without the undone batches', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 50 }), (steps) => {
        const session = run(steps);
        const { log } = session;
        const reference = foldWithoutUndone(log.entries, (b) => log.isUndone(b));
        expect(deepEqual(log.state, reference)).toBe(true);
        // Any position of the log, not just the end (time travel from snapshots agrees with a replay).
        const p = Math.floor(log.length / 2);
        expect(
          deepEqual(
            log.stateAt(p),
            foldWithoutUndone(log.entries.slice(0, p), (b) => log.isUndone(b, p)),
          ),
        ).toBe(true);
        // Whatever draftUndoCommand offers, the server's check accepts.
        for (const actor of ACTORS) {
          const undo = draftUndoCommand(log.entries, actor);
          if (undo) expect(checkDraftHistory(log.entries, actor, undo)).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  });

  /** Each user works only on what they created (and on the grid they share), never converting to tabs. */
  const own = (layout: Layout, actor: string): Layout =>
    Object.fromEntries(
      Object.entries(layout).filter(
        ([id]) => id.includes(actor) || id === GRID_ID || id === ROOT_ID || id === HEADER_ID,
      ),
    );
  const separate: fc.Arbitrary<Step> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('edit' as const), actor: fc.nat(1), gesture }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'redo' as const), actor: fc.nat(1) }) },
  );

  it('undoing user A’s batches never changes the components only B touched', () => {
    fc.assert(
      fc.property(fc.array(separate, { maxLength: 50 }), fc.integer({ min: 1, max: 10 }), (steps, undos) => {
        const session = new DraftSession();
        steps.forEach((s, n) => {
          const actor = ACTORS[s.actor]!;
          if (s.kind === 'edit') {
            const command = s.gesture(own(session.state.layout, actor), n, actor);
            if (command.type === 'ConvertToTopLevelTabs' || command.type === 'RemoveTopLevelTabs') return;
            session.tryExec(actor, command);
          } else if (s.kind === 'undo') session.undo(actor);
          else session.redo(actor);
        });
        const before = own(session.state.layout, 'bob');
        for (let i = 0; i < undos; i += 1) session.undo('alice');
        const after = own(session.state.layout, 'bob');
        for (const id of Object.keys(before)) {
          if (id === GRID_ID || id === ROOT_ID) continue; // shared containers: only their order may change
          expect(after[id]).toEqual(before[id]);
        }
        expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
        expect(layoutProblems(session.state.layout)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
