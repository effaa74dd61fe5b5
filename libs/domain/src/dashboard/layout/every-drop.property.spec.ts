/**
 * Issue 12 §5: the layout rules hold for every drop target and every component type, the root included.
 * Random gestures reach rare pairs (a column onto tabs, tabs into a row) only now and then, so each
 * layout here is swept: every type created into every container, every component moved into every
 * container, every component deleted. Each either is refused with a DomainError or gives a layout
 * `layoutProblems` accepts.
 */
import { DomainError } from '@strata/events';
import fc from 'fast-check';
import { GESTURE_SEED_LENGTH, gestureFrom } from '../testing/gestures';
import { LayoutBuilder } from '../testing/layout-builder';
import { emptyLayout } from './factory';
import type { LayoutCommand } from './layout.commands';
import { decideLayout } from './layout.decide';
import { evolveLayout } from './layout.decider';
import { CREATABLE_TYPES, GRID_ID, ROOT_ID, type Layout } from './types';
import { layoutProblems } from './validate';

const CONTAINER_TYPES = ['ROOT', 'GRID', 'TABS', 'TAB', 'ROW', 'COLUMN'];
const COMPONENT_TYPES = ['CHART', 'MARKDOWN', 'HEADER', 'DIVIDER', 'ROW', 'COLUMN', 'TABS', 'TAB'];

/** Decides and folds one command; returns whether it was accepted, after checking the result. */
function attempt(layout: Layout, command: LayoutCommand): boolean {
  let events;
  try {
    events = decideLayout(command, layout);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return false;
  }
  const next = events.reduce(evolveLayout, layout);
  const problems = layoutProblems(next);
  if (problems.length > 0) throw new Error(`${JSON.stringify(command)} gave ${problems.join('; ')}`);
  if (command.type === 'CreateComponent' && command.data.destination.parentId === ROOT_ID) {
    // Tabs dropped on the root become the top-level tabs; nothing else lands there.
    expect(command.data.componentType).toBe('TABS');
    expect(next[ROOT_ID]!.children).toEqual([command.data.id]);
  }
  return events.length > 0;
}

/** Every create, move and delete on `layout`; the pairs tried as `create TYPE -> TYPE`, with their outcome. */
function sweep(layout: Layout): Map<string, boolean> {
  const tried = new Map<string, boolean>();
  const note = (key: string, accepted: boolean) => tried.set(key, (tried.get(key) ?? false) || accepted);
  const ids = Object.keys(layout).sort();
  const containers = ids.filter((id) => CONTAINER_TYPES.includes(layout[id]!.type));
  for (const parentId of [...containers, 'ROW-gone']) {
    const to = layout[parentId]?.type ?? 'gone';
    for (const type of CREATABLE_TYPES) {
      const command: LayoutCommand = {
        type: 'CreateComponent',
        actor: 'alice',
        data: {
          id: `${type}-new`,
          componentType: type,
          destination: { parentId, index: 1 },
          rowId: 'ROW-wrap',
          tabId: 'TAB-new',
          ...(type === 'CHART' ? { chartId: 99 } : {}),
        },
      };
      note(`create ${type} -> ${to}`, attempt(layout, command));
    }
    for (const id of ids) {
      const command: LayoutCommand = {
        type: 'MoveComponent',
        actor: 'alice',
        data: { id, destination: { parentId, index: 0 }, rowId: 'ROW-wrap' },
      };
      note(`move ${layout[id]!.type} -> ${to}`, attempt(layout, command));
    }
  }
  for (const id of ids) attempt(layout, { type: 'DeleteComponent', actor: 'alice', data: { id } });
  return tried;
}

/** A layout with every component type and every container, a column holding a row among them. */
function rich(): LayoutBuilder {
  return new LayoutBuilder()
    .chart(1, GRID_ID, 0, 3)
    .add('COLUMN', 'COLUMN-c', 'ROW-CHART-1')
    .add('MARKDOWN', 'MARKDOWN-m', 'COLUMN-c')
    .add('ROW', 'ROW-r', 'COLUMN-c')
    .chart(2, 'ROW-r', 0, 2)
    .add('HEADER', 'HEADER-h', GRID_ID)
    .add('DIVIDER', 'DIVIDER-d', GRID_ID)
    .add('TABS', 'TABS-t', GRID_ID)
    .add('TAB', 'TAB-t2', 'TABS-t')
    .chart(3, 'TAB-TABS-t');
}

describe('every component type onto every destination (issue 12 §5)', () => {
  it('on a layout with every type, with the grid and with top-level tabs: refused or valid, the root included', () => {
    const grid = rich().layout;
    const topLevel = rich().run({
      type: 'ConvertToTopLevelTabs',
      data: { tabsId: 'TABS-top', tabId: 'TAB-top' },
    }).layout;
    const tried = sweep(grid);
    for (const [pair, ok] of sweep(topLevel)) tried.set(pair, (tried.get(pair) ?? false) || ok);
    const expected = CONTAINER_TYPES.flatMap((to) =>
      COMPONENT_TYPES.flatMap((type) => [`create ${type} -> ${to}`, `move ${type} -> ${to}`]),
    );
    expect(expected.filter((pair) => !tried.has(pair))).toEqual([]);
    // The root takes new tabs (as top-level tabs) and nothing else.
    expect([...tried].filter(([pair, ok]) => ok && pair.endsWith('-> ROOT')).map(([pair]) => pair)).toEqual([
      'create TABS -> ROOT',
    ]);
  });

  it('on any layout the gestures build: refused or valid', () => {
    const gesture = fc
      .array(fc.nat(), { minLength: GESTURE_SEED_LENGTH, maxLength: GESTURE_SEED_LENGTH })
      .map(gestureFrom);
    fc.assert(
      fc.property(fc.array(gesture, { maxLength: 30, size: 'max' }), (gestures) => {
        let layout = emptyLayout();
        gestures.forEach((make, n) => {
          try {
            layout = decideLayout(make(layout, n, 'alice'), layout).reduce(evolveLayout, layout);
          } catch {
            // a refused gesture leaves the layout as it was
          }
        });
        sweep(layout);
      }),
      { numRuns: 25 },
    );
  });
});
