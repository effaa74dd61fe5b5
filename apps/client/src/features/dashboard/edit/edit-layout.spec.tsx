/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { fireEvent, waitFor, within } from '@testing-library/react';
import {
  DashboardMessages,
  emptyLayout,
  GRID_ID,
  parsePositionJson,
  ROOT_ID,
  undoLimitWarning,
  UNDO_LIMIT,
  type Layout,
} from '@strata/domain';
import { nativeFilters, readFilterConfiguration } from '../filters/native-filters';
import { originFilter, sampleDashboard } from '../testing/layouts';
import { editHarness, toastTexts } from './testing/edit-harness';
import { layOut, lift } from './testing/keyboard-drag';

const h = editHarness();

function sampleLayout(): Layout {
  const parsed = parsePositionJson(sampleDashboard().position_json);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.layout;
}

const topOf = (layout: Layout) => layout[layout[ROOT_ID]!.children[0]!]!;
const droppable = (id: string) => `[data-rfd-droppable-id="${id}"]`;
const draggable = (id: string) => `[data-rfd-draggable-id="${id}"]`;

describe('top-level tabs (charts-dashboards-reports §4: the top-level content is swapped with a tab structure and back)', () => {
  it('a Tabs dropped on the zone above the grid makes top-level tabs, "Remove top-level tabs" puts the content back, each one undo step', async () => {
    await h.start({ 7: sampleLayout() });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await alice.ui.findByTestId('edit-grid');
    await bob.ui.findByTestId('edit-grid');
    await bob.grid().findByRole('tab', { name: 'Second' });
    const tabsItem = () => alice.host.querySelector<HTMLElement>('[data-palette-type="TABS"]')!;
    // The palette on the right, the zone above the grid on the left, level with the dragged Tabs item.
    const restore = layOut([
      [droppable('palette:components'), { left: 700, top: 0, width: 200, height: 300 }],
      [draggable('new:TABS'), { left: 700, top: 10, width: 200, height: 30 }],
      [droppable('top-level-tabs'), { left: 0, top: 0, width: 600, height: 50 }],
      [droppable(GRID_ID), { left: 0, top: 60, width: 600, height: 600 }],
    ]);
    try {
      // The zone is there only while a new Tabs is dragged.
      expect(alice.ui.queryByText('Drop here to make top-level tabs')).toBeNull();
      const drag = lift(tabsItem());
      expect(alice.ui.getByTestId('top-level-tabs-drop')).toHaveTextContent('Drop here to make top-level tabs');
      drag.move('left');
      drag.drop();
    } finally {
      restore();
    }
    await waitFor(() => expect(topOf(h.drafts.draft(7).layout).type).toBe('TABS'));
    expect(alice.ui.queryByTestId('top-level-tabs-drop')).toBeNull();
    const tabs = topOf(h.drafts.draft(7).layout);
    const firstTab = h.drafts.draft(7).layout[tabs.children[0]!]!;
    // The grid's content, nested tabs included, is now the first tab's.
    expect(firstTab.children).toEqual(['HEADER-1', 'ROW-1', 'DIVIDER-1', 'TABS-1']);
    expect(h.drafts.draft(7).layout[GRID_ID]).toBeUndefined();
    // Bob sees the new tab bar, holding the dashboard as it was.
    expect(await bob.grid().findByRole('tab', { name: 'Tab title' })).toBeInTheDocument();
    expect(bob.grid().getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(h.drafts.log(7).filter((e) => e.type === 'dashboard/topLevelTabsCreated')).toHaveLength(1);

    // With top-level tabs there is no zone to drop on: a new Tabs can only go inside a tab.
    const again = lift(tabsItem());
    expect(alice.ui.queryByTestId('top-level-tabs-drop')).toBeNull();
    again.cancel();

    // One undo step gives the grid back, at both editors; redo makes the tabs again.
    fireEvent.click(alice.ui.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(h.drafts.draft(7).layout[ROOT_ID]!.children).toEqual([GRID_ID]));
    await waitFor(() => expect(bob.grid().queryByRole('tab', { name: 'Tab title' })).toBeNull());
    expect(h.drafts.draft(7).layout[GRID_ID]!.children).toEqual(['HEADER-1', 'ROW-1', 'DIVIDER-1', 'TABS-1']);
    fireEvent.click(alice.ui.getByRole('button', { name: 'Redo' }));
    expect(await alice.grid().findByRole('tab', { name: 'Tab title' })).toBeInTheDocument();

    // Alice adds a second top-level tab and a header (it goes to the end of the first tab), then removes
    // the top-level tabs from their menu (a click on them selects them).
    fireEvent.click(alice.grid().getAllByRole('button', { name: 'Add tab' })[0]!);
    await waitFor(() => expect(topOf(h.drafts.draft(7).layout).children).toHaveLength(2));
    fireEvent.click(alice.ui.getByRole('button', { name: 'Add Header' }));
    const firstTabOf = () => h.drafts.draft(7).layout[topOf(h.drafts.draft(7).layout).children[0]!]!;
    await waitFor(() => expect(firstTabOf().children).toHaveLength(5));
    const header = firstTabOf().children[4]!;
    fireEvent.click(alice.grid().getAllByRole('tab', { name: 'Tab title' })[0]!);
    fireEvent.click(alice.ui.getByRole('button', { name: 'Remove top-level tabs' }));
    await waitFor(() => expect(h.drafts.draft(7).layout[ROOT_ID]!.children).toEqual([GRID_ID]));
    // The tabs' content, in tab order, is the grid's.
    expect(h.drafts.draft(7).layout[GRID_ID]!.children).toEqual(['HEADER-1', 'ROW-1', 'DIVIDER-1', 'TABS-1', header]);
    await waitFor(() => expect(bob.grid().queryByRole('tab', { name: 'Tab title' })).toBeNull());
    expect(bob.grid().getByRole('tab', { name: 'First' })).toBeInTheDocument();

    fireEvent.click(alice.ui.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(topOf(h.drafts.draft(7).layout).type).toBe('TABS'));
    expect(topOf(h.drafts.draft(7).layout).children).toHaveLength(2);
    expect(toastTexts(alice.toasts)).toEqual([]);
  });
});

describe('moving a chart into a different filter scope (charts-dashboards-reports §5)', () => {
  it('warns the editor who moved it, and only them', async () => {
    await h.start({ 7: sampleLayout() });
    // The filter applies to the charts of tab "First" only.
    const filters = nativeFilters(
      readFilterConfiguration([originFilter({}, { scope: { rootPath: ['TAB-a'], excluded: [] } })]),
    );
    expect(filters).toHaveLength(1);
    const alice = h.editor('1', { filters });
    const bob = h.editor('2', { filters });
    await alice.ui.findByTestId('edit-grid');
    await bob.ui.findByTestId('edit-grid');
    const handle = alice.host.querySelector<HTMLElement>('[data-component-id="CHART-2"] .edit-item__handle')!;
    // The chart's column in tab "First" on the right, the grid to its left.
    const restore = layOut([
      [droppable('COLUMN-1'), { left: 300, top: 200, width: 300, height: 200 }],
      [draggable('CHART-2'), { left: 300, top: 210, width: 300, height: 100 }],
      // The grid's own items are empty boxes at 0,0: inside the grid, so the chart can land among them.
      [droppable(GRID_ID), { left: 0, top: 0, width: 900, height: 800 }],
    ]);
    try {
      const drag = lift(handle);
      drag.move('left');
      drag.drop();
    } finally {
      restore();
    }
    await waitFor(() => expect(h.drafts.draft(7).layout['CHART-2']!.parents).not.toContain('TAB-a'));
    expect(h.drafts.draft(7).layout['CHART-2']!.parents).toContain(GRID_ID);
    expect(toastTexts(alice.toasts)).toEqual([DashboardMessages.MOVED_TO_DIFFERENT_FILTER_SCOPE]);
    await waitFor(() =>
      expect(bob.host.querySelector('[data-component-id="CHART-2"]')?.closest('[role="tabpanel"]')).toBeNull(),
    );
    expect(toastTexts(bob.toasts)).toEqual([]);
  });
});

describe('the undo overflow warning (charts-dashboards-reports §4)', () => {
  it('says that all undo slots are used, without the limit value', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    for (let i = 0; i <= UNDO_LIMIT; i += 1) {
      expect(
        h.drafts.command(7, '1', 'CreateComponent', {
          id: `DIVIDER-${i}`,
          componentType: 'DIVIDER',
          destination: { parentId: GRID_ID, index: 0 },
        }).ok,
      ).toBe(true);
    }
    const alice = h.editor('1');
    const bob = h.editor('2');
    await bob.ui.findByTestId('edit-grid');
    const warning = await alice.ui.findByText(/undo slots/);
    expect(warning).toHaveTextContent(
      'You have used all available undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.',
    );
    expect(warning.textContent).not.toMatch(/\d/);
    expect(undoLimitWarning()).toBe(warning.textContent);
    // Only the user past the limit is warned.
    expect(within(bob.host).queryByText(/undo slots/)).toBeNull();
  });
});
