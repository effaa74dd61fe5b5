import { deciderSpec } from '../../testing';
import { DashboardMessages } from '../messages';
import { LayoutBuilder } from '../testing/layout-builder';
import { emptyLayout, withTitle } from './factory';
import { LayoutErrorCode as E, decideLayout } from './layout.decide';
import { layoutDecider } from './layout.decider';
import type { LayoutEvent } from './layout.events';
import { GRID_ID, ROOT_ID, type Layout } from './types';
import { layoutProblems } from './validate';
import { DomainError } from '@strata/events';

const spec = deciderSpec(layoutDecider, undefined);
const children = (l: Layout, id: string) => l[id]!.children;

describe('layout: create (charts-dashboards-reports §4 dropping a new component)', () => {
  it('a chart dropped on the grid is wrapped in a new row and gets the default size', () => {
    spec
      .given([])
      .when({
        type: 'CreateComponent',
        actor: 'alice',
        data: {
          id: 'CHART-a',
          componentType: 'CHART',
          chartId: 7,
          sliceName: 'Sales',
          destination: { parentId: GRID_ID, index: 0 },
          rowId: 'ROW-a',
        },
      })
      .then([
        {
          type: 'dashboard/componentCreated',
          data: {
            actor: 'alice',
            parentId: GRID_ID,
            index: 0,
            component: { id: 'CHART-a', type: 'CHART', meta: { width: 4, height: 50, chartId: 7, sliceName: 'Sales' } },
            wrapperRow: { id: 'ROW-a', type: 'ROW', meta: { background: 'BACKGROUND_TRANSPARENT' } },
          },
        },
      ]);
    const l = new LayoutBuilder().chart(7, GRID_ID).layout;
    expect(children(l, GRID_ID)).toEqual(['ROW-CHART-7']);
    expect(l['CHART-7']!.parents).toEqual([ROOT_ID, GRID_ID, 'ROW-CHART-7']);
  });

  it('a wrap needs a row id from the command', () => {
    expect(
      new LayoutBuilder().refusal({
        type: 'CreateComponent',
        data: { id: 'CHART-a', componentType: 'CHART', chartId: 1, destination: { parentId: GRID_ID, index: 0 } },
      }),
    ).toBe(E.ID_MISSING);
  });

  it('a new TABS comes with its first tab; a header goes straight into the grid', () => {
    const l = new LayoutBuilder().add('TABS', 'TABS-x', GRID_ID).add('HEADER', 'HEADER-h', GRID_ID, 0).layout;
    expect(children(l, GRID_ID)).toEqual(['HEADER-h', 'TABS-x']);
    expect(children(l, 'TABS-x')).toEqual(['TAB-TABS-x']);
    expect(l['HEADER-h']!.meta).toMatchObject({ text: 'New header', headerSize: 'MEDIUM_HEADER' });
  });

  it('charts-dashboards-reports §5: adding a chart with no definition is refused with the spec message', () => {
    const b = new LayoutBuilder(emptyLayout(), 'alice', { chartExists: (id) => id === 1 });
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: {
          id: 'CHART-z',
          componentType: 'CHART',
          chartId: 2,
          destination: { parentId: GRID_ID, index: 0 },
          rowId: 'ROW-z',
        },
      }),
    ).toBe(E.NO_CHART_DEFINITION);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: 'CHART-z', componentType: 'CHART', destination: { parentId: GRID_ID, index: 0 }, rowId: 'ROW-z' },
      }),
    ).toBe(E.NO_CHART_DEFINITION);
    try {
      decideLayout(
        {
          type: 'CreateComponent',
          actor: 'a',
          data: {
            id: 'CHART-z',
            componentType: 'CHART',
            chartId: 2,
            destination: { parentId: GRID_ID, index: 0 },
            rowId: 'R',
          },
        },
        b.layout,
        { chartExists: () => false },
      );
    } catch (error) {
      expect((error as DomainError).message).toBe(
        'Sorry, there is no chart definition associated with the chart trying to be added.',
      );
    }
  });

  it('a chart already on the dashboard is not added twice; ids are never reused', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: {
          id: 'CHART-b',
          componentType: 'CHART',
          chartId: 1,
          destination: { parentId: GRID_ID, index: 0 },
          rowId: 'ROW-b',
        },
      }),
    ).toBe(E.CHART_ALREADY_ADDED);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: {
          id: 'CHART-1',
          componentType: 'CHART',
          chartId: 2,
          destination: { parentId: GRID_ID, index: 0 },
          rowId: 'ROW-b',
        },
      }),
    ).toBe(E.ID_TAKEN);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: GRID_ID, componentType: 'ROW', destination: { parentId: GRID_ID, index: 0 } },
      }),
    ).toBe(E.ID_TAKEN);
  });

  it('a chart dropped into a row takes what is left of the 12 columns, down to the minimum', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).chart(2, 'ROW-CHART-1').chart(3, 'ROW-CHART-1');
    expect(b.layout['CHART-3']!.meta.width).toBe(4);
    b.run({ type: 'ResizeComponent', data: { id: 'CHART-3', width: 3 } }).chart(4, 'ROW-CHART-1');
    expect(b.layout['CHART-4']!.meta.width).toBe(1);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: 'MARKDOWN-m', componentType: 'MARKDOWN', destination: { parentId: 'ROW-CHART-1', index: 0 } },
      }),
    ).toBe(E.NOT_ENOUGH_SPACE);
  });

  it('charts-dashboards-reports §5: a full row refuses with the exact message', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).chart(2, 'ROW-CHART-1').chart(3, 'ROW-CHART-1');
    expect(() =>
      decideLayout(
        {
          type: 'CreateComponent',
          actor: 'a',
          data: {
            id: 'CHART-9',
            componentType: 'CHART',
            chartId: 9,
            destination: { parentId: 'ROW-CHART-1', index: 1 },
          },
        },
        b.layout,
      ),
    ).toThrow(
      'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
    );
  });

  it('forbidden drops are refused: a header into a row, a row into a row, anything into a chart', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: 'HEADER-x', componentType: 'HEADER', destination: { parentId: 'ROW-CHART-1', index: 0 } },
      }),
    ).toBe(E.DROP_FORBIDDEN);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: 'ROW-x', componentType: 'ROW', destination: { parentId: 'ROW-CHART-1', index: 0 } },
      }),
    ).toBe(E.DROP_FORBIDDEN);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: 'DIVIDER-x', componentType: 'DIVIDER', destination: { parentId: 'CHART-1', index: 0 } },
      }),
    ).toBe(E.DROP_FORBIDDEN);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: 'DIVIDER-x', componentType: 'DIVIDER', destination: { parentId: 'NOPE', index: 0 } },
      }),
    ).toBe(E.DESTINATION_MISSING);
  });

  it('nesting by depth: no row inside the row of a column (depth 4 is the last container)', () => {
    const b = new LayoutBuilder()
      .add('COLUMN', 'COLUMN-a', GRID_ID)
      .add('ROW', 'ROW-in', 'COLUMN-a')
      .add('COLUMN', 'COLUMN-b', 'ROW-in');
    expect(b.layout['COLUMN-b']!.parents).toEqual([ROOT_ID, GRID_ID, 'ROW-COLUMN-a', 'COLUMN-a', 'ROW-in']);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: 'ROW-deep', componentType: 'ROW', destination: { parentId: 'COLUMN-b', index: 0 } },
      }),
    ).toBe(E.DROP_FORBIDDEN);
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: {
          id: 'TABS-deep',
          componentType: 'TABS',
          destination: { parentId: 'COLUMN-b', index: 0 },
          tabId: 'TAB-d',
        },
      }),
    ).toBe(E.DROP_FORBIDDEN);
    b.add('MARKDOWN', 'MARKDOWN-deep', 'COLUMN-b');
    expect(layoutProblems(b.layout)).toEqual([]);
  });
});

describe('layout: move (charts-dashboards-reports §4 moving, §5 validation)', () => {
  const threeRows = () =>
    new LayoutBuilder().add('ROW', 'R1', GRID_ID).add('ROW', 'R2', GRID_ID).add('ROW', 'R3', GRID_ID);

  it('reordering within the same parent adjusts the index', () => {
    const b = threeRows().run({
      type: 'MoveComponent',
      data: { id: 'R1', source: { parentId: GRID_ID, index: 0 }, destination: { parentId: GRID_ID, index: 3 } },
    });
    expect(children(b.layout, GRID_ID)).toEqual(['R2', 'R3', 'R1']);
    b.run({ type: 'MoveComponent', data: { id: 'R1', destination: { parentId: GRID_ID, index: 0 } } });
    expect(children(b.layout, GRID_ID)).toEqual(['R1', 'R2', 'R3']);
  });

  it('a drop that changes nothing is ignored', () => {
    const b = threeRows();
    expect(
      decideLayout(
        { type: 'MoveComponent', actor: 'a', data: { id: 'R2', destination: { parentId: GRID_ID, index: 1 } } },
        b.layout,
      ),
    ).toEqual([]);
    expect(
      decideLayout(
        { type: 'MoveComponent', actor: 'a', data: { id: 'R2', destination: { parentId: GRID_ID, index: 2 } } },
        b.layout,
      ),
    ).toEqual([]);
  });

  it('moving the last chart out of a row removes the emptied row', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).chart(2, GRID_ID);
    b.run({
      type: 'MoveComponent',
      data: {
        id: 'CHART-1',
        source: { parentId: 'ROW-CHART-1', index: 0 },
        destination: { parentId: 'ROW-CHART-2', index: 0 },
      },
    });
    expect(b.layout['ROW-CHART-1']).toBeUndefined();
    expect(children(b.layout, GRID_ID)).toEqual(['ROW-CHART-2']);
    expect(children(b.layout, 'ROW-CHART-2')).toEqual(['CHART-1', 'CHART-2']);
    expect(b.layout['CHART-1']!.parents).toEqual([ROOT_ID, GRID_ID, 'ROW-CHART-2']);
  });

  it('a chart dragged onto the grid is wrapped in a new row', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).chart(2, 'ROW-CHART-1');
    b.run({
      type: 'MoveComponent',
      data: { id: 'CHART-2', destination: { parentId: GRID_ID, index: 0 }, rowId: 'ROW-new' },
    });
    expect(children(b.layout, GRID_ID)).toEqual(['ROW-new', 'ROW-CHART-1']);
    expect(children(b.layout, 'ROW-new')).toEqual(['CHART-2']);
  });

  it('the width is fitted on drop: shrunk to the space left, or refused with the spec message', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID, 999, 8).chart(2, GRID_ID, 999, 6).chart(3, GRID_ID, 999, 12);
    b.run({ type: 'MoveComponent', data: { id: 'CHART-2', destination: { parentId: 'ROW-CHART-1', index: 1 } } });
    expect(b.layout['CHART-2']!.meta.width).toBe(4);
    expect(
      b.refusal({ type: 'MoveComponent', data: { id: 'CHART-3', destination: { parentId: 'ROW-CHART-1', index: 0 } } }),
    ).toBe(E.NOT_ENOUGH_SPACE);
  });

  it('a column is narrowed with its charts; a row that does not fit a column is refused', () => {
    const b = new LayoutBuilder()
      .add('COLUMN', 'COL', GRID_ID, 0, { meta: { width: 6 } })
      .chart(1, 'COL', 0, 6)
      .chart(2, GRID_ID)
      .chart(3, GRID_ID)
      .chart(4, 'ROW-CHART-3')
      .chart(5, 'ROW-CHART-3');
    expect(b.layout['CHART-1']!.meta.width).toBe(6);
    b.run({ type: 'MoveComponent', data: { id: 'COL', destination: { parentId: 'ROW-CHART-2', index: 1 } } });
    expect(b.layout.COL!.meta.width).toBe(6);
    b.run({ type: 'ResizeComponent', data: { id: 'COL', width: 3 } });
    expect(b.layout['CHART-1']!.meta.width).toBe(3);
    expect(
      b.refusal({ type: 'MoveComponent', data: { id: 'ROW-CHART-3', destination: { parentId: 'COL', index: 0 } } }),
    ).toBe(E.NOT_ENOUGH_SPACE);
    expect(layoutProblems(b.layout)).toEqual([]);
  });

  it('charts-dashboards-reports §5: a top-level tab cannot go into nested tabs', () => {
    const b = new LayoutBuilder()
      .run({ type: 'ConvertToTopLevelTabs', data: { tabsId: 'TABS-top', tabId: 'TAB-1' } })
      .run({
        type: 'CreateComponent',
        data: { id: 'TAB-2', componentType: 'TABS', destination: { parentId: 'TAB-1', index: 0 }, tabId: 'TAB-n' },
      });
    expect(() =>
      decideLayout(
        { type: 'MoveComponent', actor: 'a', data: { id: 'TAB-1', destination: { parentId: 'TAB-2', index: 0 } } },
        b.layout,
      ),
    ).toThrow('Can not move top level tab into nested tabs');
  });

  it('nothing moves into itself or its own descendants, and ROOT, GRID and top tabs do not move', () => {
    const b = new LayoutBuilder().add('COLUMN', 'COL', GRID_ID).add('ROW', 'R-in', 'COL');
    expect(b.refusal({ type: 'MoveComponent', data: { id: 'COL', destination: { parentId: 'R-in', index: 0 } } })).toBe(
      E.DROP_FORBIDDEN,
    );
    expect(
      b.refusal({ type: 'MoveComponent', data: { id: GRID_ID, destination: { parentId: 'COL', index: 0 } } }),
    ).toBe(E.DROP_FORBIDDEN);
  });

  it('a move that would put containers too deep is refused (the whole moved subtree is checked)', () => {
    const b = new LayoutBuilder()
      .add('COLUMN', 'COL-a', GRID_ID)
      .add('ROW', 'R-in', 'COL-a')
      .add('COLUMN', 'COL-deep', GRID_ID)
      .add('ROW', 'R-deep', 'COL-deep');
    // COL-deep holds a row: at depth 5 (inside R-in) a column may not hold rows.
    expect(
      b.refusal({ type: 'MoveComponent', data: { id: 'COL-deep', destination: { parentId: 'R-in', index: 0 } } }),
    ).toBe(E.DROP_FORBIDDEN);
  });

  it('conflicts: moving what someone else deleted or moved meanwhile is refused with a clear message', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).chart(2, GRID_ID);
    const stale = b.layout;
    b.run({ type: 'DeleteComponent', data: { id: 'CHART-1' } });
    expect(() =>
      decideLayout(
        {
          type: 'MoveComponent',
          actor: 'bob',
          data: { id: 'CHART-1', destination: { parentId: 'ROW-CHART-2', index: 0 } },
        },
        b.layout,
      ),
    ).toThrow(DashboardMessages.COMPONENT_MISSING);
    expect(
      b.refusal({
        type: 'MoveComponent',
        data: {
          id: 'CHART-2',
          source: { parentId: 'ROW-CHART-1', index: 0 },
          destination: { parentId: GRID_ID, index: 0 },
          rowId: 'R',
        },
      }),
    ).toBe(E.SOURCE_CHANGED);
    expect(
      b.refusal({ type: 'MoveComponent', data: { id: 'CHART-2', destination: { parentId: 'ROW-CHART-1', index: 0 } } }),
    ).toBe(E.DESTINATION_MISSING);
    expect(stale['CHART-1']).toBeDefined();
  });
});

describe('layout: resize, delete, text', () => {
  it('resize keeps width within the row and the minimum, and height within the row units', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).chart(2, 'ROW-CHART-1');
    b.run({ type: 'ResizeComponent', data: { id: 'CHART-1', width: 8, height: 80 } });
    expect(b.layout['CHART-1']!.meta).toMatchObject({ width: 8, height: 80 });
    expect(b.refusal({ type: 'ResizeComponent', data: { id: 'CHART-1', width: 9 } })).toBe(E.NOT_ENOUGH_SPACE);
    expect(b.refusal({ type: 'ResizeComponent', data: { id: 'CHART-1', width: 0 } })).toBe(E.SIZE_INVALID);
    expect(b.refusal({ type: 'ResizeComponent', data: { id: 'CHART-1', height: 4 } })).toBe(E.SIZE_INVALID);
    expect(b.refusal({ type: 'ResizeComponent', data: { id: 'CHART-1', height: 101 } })).toBe(E.SIZE_INVALID);
    expect(b.refusal({ type: 'ResizeComponent', data: { id: 'ROW-CHART-1', width: 3 } })).toBe(E.SIZE_INVALID);
    expect(decideLayout({ type: 'ResizeComponent', actor: 'a', data: { id: 'CHART-1', width: 8 } }, b.layout)).toEqual(
      [],
    );
  });

  it('delete takes the descendants and an emptied row with it', () => {
    const b = new LayoutBuilder().add('COLUMN', 'COL', GRID_ID).chart(1, 'COL').add('MARKDOWN', 'MD', 'COL');
    b.run({ type: 'DeleteComponent', data: { id: 'COL' } });
    expect(Object.keys(b.layout).sort()).toEqual(['GRID_ID', 'HEADER_ID', 'ROOT_ID']);
    expect(children(b.layout, GRID_ID)).toEqual([]);
  });

  it('deleting what is already gone does nothing; ROOT and GRID cannot be deleted', () => {
    const b = new LayoutBuilder();
    expect(decideLayout({ type: 'DeleteComponent', actor: 'a', data: { id: 'NOPE' } }, b.layout)).toEqual([]);
    expect(b.refusal({ type: 'DeleteComponent', data: { id: GRID_ID } })).toBe(E.NOT_EDITABLE);
  });

  it('header text, header size, background and markdown text are set on the right types only', () => {
    const b = new LayoutBuilder().add('HEADER', 'H', GRID_ID).add('MARKDOWN', 'MD', GRID_ID);
    b.run({ type: 'UpdateComponentText', data: { id: 'H', text: 'Revenue' } })
      .run({ type: 'SetHeaderSize', data: { id: 'H', headerSize: 'LARGE_HEADER' } })
      .run({ type: 'SetBackground', data: { id: 'H', background: 'BACKGROUND_WHITE' } })
      .run({ type: 'UpdateMarkdown', data: { id: 'MD', code: '# Notes' } });
    expect(b.layout.H!.meta).toMatchObject({
      text: 'Revenue',
      headerSize: 'LARGE_HEADER',
      background: 'BACKGROUND_WHITE',
    });
    expect(b.layout.MD!.meta.code).toBe('# Notes');
    expect(b.refusal({ type: 'UpdateMarkdown', data: { id: 'H', code: 'x' } })).toBe(E.NOT_EDITABLE);
    expect(b.refusal({ type: 'UpdateComponentText', data: { id: 'HEADER_ID', text: 'x' } })).toBe(E.NOT_EDITABLE);
    expect(b.refusal({ type: 'SetHeaderSize', data: { id: 'H', headerSize: 'HUGE' as never } })).toBe(E.NOT_EDITABLE);
  });
});

describe('layout: top-level tabs (charts-dashboards-reports §4 swap with a tab structure and back)', () => {
  it('converting moves the grid content into the first tab; removing puts every tab’s content back in order', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).add('HEADER', 'H', GRID_ID);
    b.run({ type: 'ConvertToTopLevelTabs', data: { tabsId: 'TABS-top', tabId: 'TAB-1' } });
    expect(children(b.layout, ROOT_ID)).toEqual(['TABS-top']);
    expect(b.layout[GRID_ID]).toBeUndefined();
    expect(children(b.layout, 'TAB-1')).toEqual(['ROW-CHART-1', 'H']);
    expect(b.layout['CHART-1']!.parents).toEqual([ROOT_ID, 'TABS-top', 'TAB-1', 'ROW-CHART-1']);
    b.run({
      type: 'CreateComponent',
      data: { id: 'TAB-2', componentType: 'TABS', destination: { parentId: 'TAB-1', index: 0 }, tabId: 'TAB-n' },
    });
    b.run({ type: 'MoveComponent', data: { id: 'TAB-n', destination: { parentId: 'TABS-top', index: 1 } } });
    expect(children(b.layout, 'TABS-top')).toEqual(['TAB-1', 'TAB-n']);
    expect(b.layout['TAB-2']).toBeUndefined(); // the emptied nested tabs went
    b.chart(2, 'TAB-n');
    expect(b.refusal({ type: 'ConvertToTopLevelTabs', data: { tabsId: 'X', tabId: 'Y' } })).toBe(E.TOP_LEVEL_TABS);
    b.run({ type: 'RemoveTopLevelTabs', data: {} });
    expect(children(b.layout, ROOT_ID)).toEqual([GRID_ID]);
    expect(children(b.layout, GRID_ID)).toEqual(['ROW-CHART-1', 'H', 'ROW-CHART-2']);
    expect(layoutProblems(b.layout)).toEqual([]);
  });

  it('the last top-level tab cannot be deleted', () => {
    const b = new LayoutBuilder().run({ type: 'ConvertToTopLevelTabs', data: { tabsId: 'TABS-top', tabId: 'TAB-1' } });
    expect(b.refusal({ type: 'DeleteComponent', data: { id: 'TAB-1' } })).toBe(E.LAST_TOP_LEVEL_TAB);
  });
});

describe('layout: evolve is total', () => {
  it('an event whose target is gone, or that would break a rule, leaves the layout unchanged', () => {
    const full = new LayoutBuilder().chart(1, GRID_ID, 999, 12).layout;
    const events: LayoutEvent[] = [
      {
        type: 'dashboard/componentMoved',
        data: { actor: 'a', id: 'GONE', fromParentId: GRID_ID, toParentId: GRID_ID, toIndex: 0 },
      },
      { type: 'dashboard/componentResized', data: { actor: 'a', id: 'CHART-1', width: 13 } },
      {
        type: 'dashboard/componentCreated',
        data: {
          actor: 'a',
          parentId: 'ROW-CHART-1',
          index: 0,
          component: { id: 'C', type: 'CHART', meta: { width: 2, chartId: 5 } },
        },
      },
      {
        type: 'dashboard/componentCreated',
        data: { actor: 'a', parentId: 'GONE', index: 0, component: { id: 'C', type: 'DIVIDER', meta: {} } },
      },
      { type: 'unknown/event' as never, data: {} as never },
    ];
    for (const event of events) expect(layoutDecider.evolve(full, event)).toBe(full);
  });
});

describe('layout: sizes given on creation', () => {
  it('are checked, and kept only where the type has them', () => {
    const b = new LayoutBuilder();
    const create = (meta: object, componentType = 'MARKDOWN') =>
      ({
        type: 'CreateComponent',
        data: { id: 'X', componentType, destination: { parentId: GRID_ID, index: 0 }, rowId: 'R', meta },
      }) as never;
    expect(b.refusal(create({ width: 0 }))).toBe(E.SIZE_INVALID);
    expect(b.refusal(create({ width: 13 }))).toBe(E.SIZE_INVALID);
    expect(b.refusal(create({ height: 2 }))).toBe(E.SIZE_INVALID);
    b.run(create({ width: 6, height: 20 }));
    expect(b.layout.X!.meta).toMatchObject({ width: 6, height: 20 });
    b.run({
      type: 'CreateComponent',
      data: {
        id: 'H',
        componentType: 'HEADER',
        destination: { parentId: GRID_ID, index: -5 },
        meta: { width: 3, height: 9 },
      },
    });
    expect(b.layout.H!.meta.width).toBeUndefined();
    expect(b.layout[GRID_ID]!.children[0]).toBe('H');
  });
});

describe('layout: tabs', () => {
  it('a new tab goes into existing tabs only; deleting the last nested tab removes its tabs', () => {
    const b = new LayoutBuilder().add('TABS', 'TABS-n', GRID_ID);
    b.run({
      type: 'CreateComponent',
      data: { id: 'TAB-2', componentType: 'TAB', destination: { parentId: 'TABS-n', index: 1 } },
    });
    expect(children(b.layout, 'TABS-n')).toEqual(['TAB-TABS-n', 'TAB-2']);
    expect(b.layout['TAB-2']!.meta).toMatchObject({ defaultText: 'Tab title' });
    expect(
      b.refusal({
        type: 'CreateComponent',
        data: { id: 'TAB-3', componentType: 'TAB', destination: { parentId: GRID_ID, index: 0 } },
      }),
    ).toBe(E.DROP_FORBIDDEN);
    b.run({ type: 'UpdateComponentText', data: { id: 'TAB-2', text: 'Details' } });
    expect(b.layout['TAB-2']!.meta.text).toBe('Details');
    b.run({ type: 'DeleteComponent', data: { id: 'TAB-2' } }).run({
      type: 'DeleteComponent',
      data: { id: 'TAB-TABS-n' },
    });
    expect(b.layout['TABS-n']).toBeUndefined();
    expect(children(b.layout, GRID_ID)).toEqual([]);
  });

  it('withTitle keeps the title holder in step with the dashboard title', () => {
    expect(withTitle(emptyLayout(), 'Sales').HEADER_ID!.meta.text).toBe('Sales');
  });
});
