import { DomainError } from '@strata/events';
import fc from 'fast-check';
import { GESTURE_SEED_LENGTH, gestureFrom, type Gesture } from '../testing/gestures';
import { emptyLayout } from './factory';
import { decideLayout } from './layout.decide';
import { evolveLayout } from './layout.decider';
import type { LayoutEvent } from './layout.events';
import { GRID_COLUMN_COUNT } from '../constants';
import { occupiedWidth } from './widths';
import { layoutProblems } from './validate';
import type { LayoutCommand } from './layout.commands';
import { ROOT_ID, type Layout } from './types';

const gesture: fc.Arbitrary<Gesture> = fc
  .array(fc.nat(), { minLength: GESTURE_SEED_LENGTH, maxLength: GESTURE_SEED_LENGTH })
  .map(gestureFrom);

/** What a text edit found: its base is never someone else's overwritten text. */
function checkTextEdit(command: LayoutCommand, before: Layout, accepted: boolean): void {
  if (command.type !== 'UpdateComponentText' && command.type !== 'UpdateMarkdown') return;
  const [base, next, current] =
    command.type === 'UpdateComponentText'
      ? [command.data.baseText, command.data.text, before[command.data.id]?.meta.text]
      : [command.data.baseCode, command.data.code, before[command.data.id]?.meta.code];
  if (accepted && base !== undefined) expect([base, next]).toContain(current ?? '');
}

function play(gestures: readonly Gesture[]) {
  let layout = emptyLayout();
  const batches: LayoutEvent[][] = [];
  gestures.forEach((make, n) => {
    const command = make(layout, n, n % 2 ? 'bob' : 'alice');
    let events: LayoutEvent[];
    try {
      events = decideLayout(command, layout);
    } catch (error) {
      // Refusals are DomainErrors with a message for the user; anything else is a crash.
      expect(error).toBeInstanceOf(DomainError);
      checkTextEdit(command, layout, false);
      return;
    }
    checkTextEdit(command, layout, true);
    const next = events.reduce(evolveLayout, layout);
    // What decide accepted, evolve applies: a decided event is never silently skipped.
    if (events.length > 0) expect(next).not.toBe(layout);
    expect(layoutProblems(next)).toEqual([]);
    // New tabs dropped on the root become the top-level tabs; the root keeps one child.
    if (command.type === 'CreateComponent' && command.data.destination.parentId === ROOT_ID && events.length > 0) {
      expect(next[ROOT_ID]!.children).toEqual([command.data.id]);
      expect(events.map((e) => e.type)).toEqual(['dashboard/topLevelTabsCreated']);
    }
    layout = next;
    batches.push(events);
  });
  return { layout, batches };
}

describe('layout properties (issue 5 "any sequence of valid layout commands keeps the tree valid")', () => {
  it('after any sequence of gestures: parents paths right, nesting rules held, row widths at most 12', () => {
    fc.assert(
      fc.property(fc.array(gesture, { maxLength: 60, size: 'max' }), (gestures) => {
        const { layout } = play(gestures);
        expect(layoutProblems(layout)).toEqual([]);
        for (const item of Object.values(layout)) {
          if (item.type === 'ROW') expect(occupiedWidth(layout, item)).toBeLessThanOrEqual(GRID_COLUMN_COUNT);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('folding any subset of the decided batches (what undo does) still gives a valid layout', () => {
    fc.assert(
      fc.property(
        fc.array(gesture, { maxLength: 40, size: 'max' }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (gestures, keep) => {
          const { batches } = play(gestures);
          const kept = batches.filter((_, i) => keep[i % keep.length]).flat();
          const layout = kept.reduce(evolveLayout, emptyLayout());
          expect(layoutProblems(layout)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a chart is placed at most once in any fold, even when it was deleted and added again', () => {
    const churn: fc.Arbitrary<Gesture> = fc
      .record({ add: fc.boolean(), chart: fc.integer({ min: 1, max: 3 }) })
      .map(({ add, chart }): Gesture => (l, n, actor) => {
        const placed = Object.values(l).find((i) => i.meta.chartId === chart);
        return add || !placed
          ? {
              type: 'CreateComponent',
              actor,
              data: {
                id: `CHART-${n}`,
                componentType: 'CHART',
                chartId: chart,
                destination: { parentId: 'GRID_ID', index: 0 },
                rowId: `ROW-${n}`,
              },
            }
          : { type: 'DeleteComponent', actor, data: { id: placed.id } };
      });
    fc.assert(
      fc.property(
        fc.array(churn, { maxLength: 20 }),
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        (gestures, keep) => {
          const { batches } = play(gestures);
          const layout = batches
            .filter((_, i) => keep[i])
            .flat()
            .reduce(evolveLayout, emptyLayout());
          expect(layoutProblems(layout)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('moves decided against one layout never overfill a row in a fold that skips other batches', () => {
    // Three rows of wide charts; gestures move charts between rows and delete them, so row space is scarce.
    const setup: Gesture[] = [1, 2, 3, 4, 5, 6].map((chart) => (_l, _n, actor) => ({
      type: 'CreateComponent',
      actor,
      data: {
        id: `CHART-${chart}`,
        componentType: 'CHART',
        chartId: chart,
        destination: { parentId: chart <= 3 ? 'GRID_ID' : `ROW-${chart - 3}`, index: 0 },
        rowId: `ROW-${chart}`,
        meta: { width: chart <= 3 ? 5 : 6 },
      },
    }));
    const shuffle: fc.Arbitrary<Gesture> = fc
      .record({
        chart: fc.integer({ min: 1, max: 6 }),
        row: fc.integer({ min: 1, max: 3 }),
        del: fc.integer({ min: 0, max: 5 }),
      })
      .map(
        ({ chart, row, del }): Gesture =>
          (l, _n, actor) =>
            del === 0
              ? { type: 'DeleteComponent', actor, data: { id: `CHART-${chart}` } }
              : {
                  type: 'MoveComponent',
                  actor,
                  data: {
                    id: `CHART-${chart}`,
                    destination: { parentId: l[`ROW-${row}`] ? `ROW-${row}` : 'GRID_ID', index: 0 },
                    rowId: `ROW-x${chart}${row}`,
                  },
                },
      );
    fc.assert(
      fc.property(
        fc.array(shuffle, { maxLength: 20 }),
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        (gestures, keep) => {
          const { batches } = play([...setup, ...gestures]);
          const kept = batches.filter((_, i) => i < setup.length || keep[i - setup.length]).flat();
          expect(layoutProblems(kept.reduce(evolveLayout, emptyLayout()))).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
