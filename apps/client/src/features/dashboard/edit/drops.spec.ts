import {
  DashboardMessages,
  draftDecider,
  emptyLayout,
  GRID_ID,
  ROOT_ID,
  type DraftState,
  type LayoutCommand,
} from '@strata/domain';
import { dropIntent, TOP_LEVEL_TABS_DROP } from './drops';

/** A draft built by running real commands, as the server would decide them. */
function draftWith(...commands: Omit<LayoutCommand, 'actor'>[]): DraftState {
  let state = draftDecider.evolve(draftDecider.initialState(), {
    type: 'dashboard/draftStarted',
    data: { dashboardId: 1, version: 1, layout: emptyLayout(), by: '1', at: 'now' },
  });
  for (const command of commands) {
    for (const event of draftDecider.decide({ ...command, actor: '1' } as LayoutCommand, state, undefined))
      state = draftDecider.evolve(state, event);
  }
  return state;
}

const ids = () => {
  let n = 0;
  return () => `r${++n}`;
};
const header = (id: string, index: number) => ({
  type: 'CreateComponent' as const,
  data: { id, componentType: 'HEADER' as const, destination: { parentId: GRID_ID, index } },
});

describe('dropIntent', () => {
  it('creates a palette component where it was dropped, with new ids', () => {
    const { layout } = draftWith();
    expect(
      dropIntent(
        {
          draggableId: 'new:TABS',
          source: { droppableId: 'palette:components', index: 2 },
          destination: { droppableId: GRID_ID, index: 0 },
        },
        layout,
        ids(),
        [],
      ),
    ).toEqual({
      type: 'CreateComponent',
      data: {
        id: 'TABS-r1',
        componentType: 'TABS',
        destination: { parentId: GRID_ID, index: 0 },
        rowId: 'ROW-r2',
        tabId: 'TAB-r3',
      },
    });
  });

  it('places a chart from the chart list with its name', () => {
    const { layout } = draftWith();
    const intent = dropIntent(
      {
        draggableId: 'chart:12',
        source: { droppableId: 'palette:charts', index: 1 },
        destination: { droppableId: GRID_ID, index: 0 },
      },
      layout,
      ids(),
      [{ id: 12, slice_name: 'Pie' }],
    );
    expect(intent).toMatchObject({
      type: 'CreateComponent',
      data: { componentType: 'CHART', chartId: 12, sliceName: 'Pie', rowId: 'ROW-r2' },
    });
  });

  it('turns a reorder in one list into the domain slot, so the component lands where it was dropped', () => {
    const state = draftWith(header('HEADER-a', 0), header('HEADER-b', 1), header('HEADER-c', 2));
    // Dragged from the top to the bottom: the list reports the final index 2.
    const down = dropIntent(
      {
        draggableId: 'HEADER-a',
        source: { droppableId: GRID_ID, index: 0 },
        destination: { droppableId: GRID_ID, index: 2 },
      },
      state.layout,
      ids(),
      [],
    )!;
    const after = draftDecider
      .decide({ ...down, actor: '1' } as LayoutCommand, state, undefined)
      .reduce(draftDecider.evolve, state);
    expect(after.layout[GRID_ID]!.children).toEqual(['HEADER-b', 'HEADER-c', 'HEADER-a']);
    const up = dropIntent(
      {
        draggableId: 'HEADER-c',
        source: { droppableId: GRID_ID, index: 2 },
        destination: { droppableId: GRID_ID, index: 0 },
      },
      state.layout,
      ids(),
      [],
    )!;
    const after2 = draftDecider
      .decide({ ...up, actor: '1' } as LayoutCommand, state, undefined)
      .reduce(draftDecider.evolve, state);
    expect(after2.layout[GRID_ID]!.children).toEqual(['HEADER-c', 'HEADER-a', 'HEADER-b']);
  });

  it('turns a new Tabs dropped on the zone above the grid into top-level tabs holding the grid', () => {
    const state = draftWith(header('HEADER-a', 0));
    const intent = dropIntent(
      {
        draggableId: 'new:TABS',
        source: { droppableId: 'palette:components', index: 2 },
        destination: { droppableId: TOP_LEVEL_TABS_DROP, index: 0 },
      },
      state.layout,
      ids(),
      [],
    )!;
    expect(intent).toEqual({ type: 'ConvertToTopLevelTabs', data: { tabsId: 'TABS-r1', tabId: 'TAB-r2' } });
    const after = draftDecider
      .decide({ ...intent, actor: '1' } as LayoutCommand, state, undefined)
      .reduce(draftDecider.evolve, state);
    expect(after.layout[ROOT_ID]!.children).toEqual(['TABS-r1']);
    expect(after.layout['TAB-r2']!.children).toEqual(['HEADER-a']);
    // Only a new Tabs makes top-level tabs: anything else dropped there is no edit.
    expect(
      dropIntent(
        {
          draggableId: 'new:ROW',
          source: { droppableId: 'palette:components', index: 0 },
          destination: { droppableId: TOP_LEVEL_TABS_DROP, index: 0 },
        },
        state.layout,
        ids(),
        [],
      ),
    ).toBeNull();
    expect(
      dropIntent(
        {
          draggableId: 'HEADER-a',
          source: { droppableId: GRID_ID, index: 0 },
          destination: { droppableId: TOP_LEVEL_TABS_DROP, index: 0 },
        },
        state.layout,
        ids(),
        [],
      ),
    ).toBeNull();
  });

  it("refuses a top-level tab moved into nested tabs with the spec's words", () => {
    const state = draftWith(
      { type: 'ConvertToTopLevelTabs', data: { tabsId: 'TABS-top', tabId: 'TAB-top' } },
      {
        type: 'CreateComponent',
        data: {
          id: 'TABS-nested',
          componentType: 'TABS',
          destination: { parentId: 'TAB-top', index: 0 },
          tabId: 'TAB-nested',
        },
      },
    );
    const intent = dropIntent(
      {
        draggableId: 'TAB-top',
        source: { droppableId: 'TABS-top', index: 0 },
        destination: { droppableId: 'TABS-nested', index: 0 },
      },
      state.layout,
      ids(),
      [],
    )!;
    expect(() => draftDecider.decide({ ...intent, actor: '1' } as LayoutCommand, state, undefined)).toThrow(
      DashboardMessages.TOP_LEVEL_TAB_INTO_NESTED_TABS,
    );
  });

  it('ignores drops outside any container and components that are gone', () => {
    const { layout } = draftWith();
    expect(
      dropIntent(
        { draggableId: 'new:ROW', source: { droppableId: 'palette:components', index: 0 }, destination: null },
        layout,
        ids(),
        [],
      ),
    ).toBeNull();
    expect(
      dropIntent(
        {
          draggableId: 'HEADER-gone',
          source: { droppableId: GRID_ID, index: 0 },
          destination: { droppableId: GRID_ID, index: 0 },
        },
        layout,
        ids(),
        [],
      ),
    ).toBeNull();
  });
});
