import fc from 'fast-check';
import { FILTER_PENDING_DELETE_MS } from '../constants';
import { GESTURE_SEED_LENGTH, gestureFrom, type Gesture } from '../testing/gestures';
import { emptyLayout } from '../layout/factory';
import { decideLayout } from '../layout/layout.decide';
import { evolveLayout } from '../layout/layout.decider';
import type { Layout } from '../layout/types';
import { crossFilterDataMask, extraFormDataFromFilters } from './extra-form-data';
import { deletionStatus, markForDeletion, restoreFilter } from './pending-delete';
import { chartsInScope } from './scope';
import { chartIdsOf } from '../layout/tree';

const gesture: fc.Arbitrary<Gesture> = fc
  .array(fc.nat(), { minLength: GESTURE_SEED_LENGTH, maxLength: GESTURE_SEED_LENGTH })
  .map(gestureFrom);

function layoutFrom(gestures: readonly Gesture[]): Layout {
  let layout = emptyLayout();
  gestures.forEach((make, n) => {
    try {
      layout = decideLayout(make(layout, n, 'a'), layout).reduce(evolveLayout, layout);
    } catch {
      // refused gestures leave the layout as it was
    }
  });
  return layout;
}

describe('native filter properties', () => {
  it('scopes: the root scope holds every chart; any tab scope is a subset; excluded charts are never in', () => {
    fc.assert(
      fc.property(fc.array(gesture, { maxLength: 40 }), fc.nat(), (gestures, k) => {
        const layout = layoutFrom(gestures);
        const all = chartIdsOf(layout).sort((a, b) => a - b);
        expect(chartsInScope(layout, { rootPath: ['ROOT_ID'], excluded: [] })).toEqual(all);
        const tabs = Object.keys(layout).filter((id) => layout[id]!.type === 'TAB');
        const excluded = all.filter((_, i) => (i + k) % 3 === 0);
        const scoped = chartsInScope(layout, { rootPath: tabs.filter((_, i) => (i + k) % 2 === 0), excluded });
        for (const id of scoped) expect(all).toContain(id);
        for (const id of excluded) expect(scoped).not.toContain(id);
      }),
      { numRuns: 150 },
    );
  });

  it('cross-filters: a chart is never filtered by its own click, and every other chart in the global scope is', () => {
    fc.assert(
      fc.property(fc.array(gesture, { maxLength: 40 }), fc.nat(), (gestures, k) => {
        const layout = layoutFrom(gestures);
        const charts = chartIdsOf(layout);
        if (charts.length === 0) return;
        const emitter = charts[k % charts.length]!;
        const mask = { [String(emitter)]: crossFilterDataMask(emitter, 'c', ['v']) };
        for (const chart of charts) {
          const extra = extraFormDataFromFilters(mask, [], chart, { layout, crossFiltersEnabled: true });
          expect(extra.filters?.length ?? 0).toBe(chart === emitter ? 0 : 1);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('pending delete: restorable exactly within 5000 ms of the removal', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(20_000), (at, wait) => {
        const state = markForDeletion({}, 'F', at);
        const restored = restoreFilter(state, 'F', at + wait);
        expect(deletionStatus(restored, 'F', at + wait)).toBe(wait < FILTER_PENDING_DELETE_MS ? 'active' : 'deleted');
      }),
    );
  });
});
