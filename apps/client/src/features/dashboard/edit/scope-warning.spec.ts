import { draftDecider, emptyLayout, GRID_ID, type DraftState, type LayoutCommand } from '@strata/domain';
import { nativeFilters, readFilterConfiguration } from '../filters/native-filters';
import { originFilter } from '../testing/layouts';
import { moveChangesFilterScope } from './scope-warning';

/** A draft built with real commands: nested tabs "A" and "B", a row in A holding chart 5, and a header. */
function draft(...more: Omit<LayoutCommand, 'actor'>[]): DraftState {
  let state = draftDecider.evolve(draftDecider.initialState(), {
    type: 'dashboard/draftStarted',
    data: { dashboardId: 1, version: 1, layout: emptyLayout(), by: '1', at: 'now' },
  });
  const commands: Omit<LayoutCommand, 'actor'>[] = [
    {
      type: 'CreateComponent',
      data: { id: 'TABS-1', componentType: 'TABS', destination: { parentId: GRID_ID, index: 0 }, tabId: 'TAB-A' },
    },
    {
      type: 'CreateComponent',
      data: { id: 'TAB-B', componentType: 'TAB', destination: { parentId: 'TABS-1', index: 1 } },
    },
    {
      type: 'CreateComponent',
      data: {
        id: 'CHART-5',
        componentType: 'CHART',
        chartId: 5,
        destination: { parentId: 'TAB-A', index: 0 },
        rowId: 'ROW-1',
      },
    },
    {
      type: 'CreateComponent',
      data: { id: 'HEADER-1', componentType: 'HEADER', destination: { parentId: GRID_ID, index: 1 } },
    },
    ...more,
  ];
  for (const command of commands) {
    for (const event of draftDecider.decide({ ...command, actor: '1' } as LayoutCommand, state, undefined))
      state = draftDecider.evolve(state, event);
  }
  return state;
}

const scoped = (rootPath: string[]) =>
  nativeFilters(readFilterConfiguration([originFilter({}, { scope: { rootPath, excluded: [] } })]));

describe('moveChangesFilterScope', () => {
  const before = draft().layout;
  const rowToB = draft({
    type: 'MoveComponent',
    data: { id: 'ROW-1', destination: { parentId: 'TAB-B', index: 0 } },
  }).layout;
  const headerDown = draft({
    type: 'MoveComponent',
    data: { id: 'HEADER-1', destination: { parentId: GRID_ID, index: 0 } },
  }).layout;

  it('is true when a moved row carries a chart out of a filter scoped to its tab', () => {
    expect(rowToB['ROW-1']!.parents).toContain('TAB-B');
    expect(moveChangesFilterScope(scoped(['TAB-A']), before, rowToB, 'ROW-1')).toBe(true);
    expect(moveChangesFilterScope(scoped(['TAB-A']), before, rowToB, 'CHART-5')).toBe(true);
  });

  it('is false for a filter on the whole dashboard, without filters, or for a move without charts', () => {
    expect(moveChangesFilterScope(scoped(['ROOT_ID']), before, rowToB, 'ROW-1')).toBe(false);
    expect(moveChangesFilterScope([], before, rowToB, 'ROW-1')).toBe(false);
    expect(moveChangesFilterScope(scoped(['TAB-A']), before, headerDown, 'HEADER-1')).toBe(false);
  });
});
