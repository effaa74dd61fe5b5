import { LayoutBuilder } from '../testing/layout-builder';
import { isEmptyDiff, layoutDiff } from './diff';
import { GRID_ID } from './types';

describe('layoutDiff', () => {
  it('names what was added, removed, moved and changed', () => {
    const before = new LayoutBuilder().chart(1, GRID_ID).chart(2, GRID_ID).add('MARKDOWN', 'MD', GRID_ID);
    const after = new LayoutBuilder(before.layout)
      .run({ type: 'MoveComponent', data: { id: 'CHART-2', destination: { parentId: 'ROW-CHART-1', index: 0 } } })
      .run({ type: 'UpdateMarkdown', data: { id: 'MD', code: 'hi' } })
      .add('DIVIDER', 'DIV', GRID_ID);
    expect(layoutDiff(before.layout, after.layout)).toEqual({
      added: ['DIV'],
      removed: ['ROW-CHART-2'],
      moved: ['CHART-2'],
      changed: ['MD'],
    });
    expect(isEmptyDiff(layoutDiff(after.layout, after.layout))).toBe(true);
    const reordered = new LayoutBuilder(before.layout).run({
      type: 'MoveComponent',
      data: { id: 'ROW-MD', destination: { parentId: GRID_ID, index: 0 } },
    });
    expect(layoutDiff(before.layout, reordered.layout).moved).toEqual(['ROW-MD']);
  });
});

describe('layoutDiff: reorders', () => {
  it('a single reorder is reported as one move, whatever the list', () => {
    for (let n = 2; n <= 8; n += 1) {
      for (let from = 0; from < n; from += 1) {
        for (let to = 0; to <= n; to += 1) {
          let b = new LayoutBuilder();
          for (let i = 0; i < n; i += 1) b = b.add('ROW', `R${i}`, GRID_ID);
          const before = b.layout;
          if (to === from || to === from + 1) continue;
          const after = new LayoutBuilder(before).run({
            type: 'MoveComponent',
            data: { id: `R${from}`, destination: { parentId: GRID_ID, index: to } },
          }).layout;
          expect(layoutDiff(before, after).moved).toHaveLength(1);
        }
      }
    }
  });
});
