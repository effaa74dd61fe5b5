/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { DashboardMessages, emptyLayout, GRID_ID, parsePositionJson } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { createErrors } from '../../errors/errors.feature';
import { createToasts } from '../../toasts/toasts.feature';
import { createDashboard } from '../dashboard.feature';
import { DashboardPage } from '../DashboardPage';
import { pieChart } from '../testing/dashboard-test-api';
import { sampleDashboard } from '../testing/layouts';
import { ADMIN } from '../testing/render-dashboard';
import { socketDraftTransport } from './draft-transport';
import { editHarness, toastTexts } from './testing/edit-harness';

const h = editHarness();

describe('edit mode with two editors', () => {
  it('shows each edit live to the other, and each undoes only their own', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await alice.ui.findByTestId('edit-grid');
    await bob.ui.findByTestId('edit-grid');

    fireEvent.click(alice.ui.getByRole('button', { name: 'Add Header' }));
    expect(alice.grid().getByRole('heading', { name: 'New header' })).toBeInTheDocument();
    expect(await bob.grid().findByRole('heading', { name: 'New header' })).toBeInTheDocument();

    // Alice renames it in place; Bob adds a markdown.
    fireEvent.click(alice.grid().getByRole('heading', { name: 'New header' }));
    const input = alice.grid().getByRole('textbox', { name: 'Header text' });
    fireEvent.change(input, { target: { value: 'Quarterly sales' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await bob.grid().findByRole('heading', { name: 'Quarterly sales' })).toBeInTheDocument();
    // Header size and background from its menu.
    fireEvent.change(alice.ui.getByRole('combobox', { name: 'Header size' }), { target: { value: 'LARGE_HEADER' } });
    expect(await bob.grid().findByRole('heading', { level: 2, name: 'Quarterly sales' })).toBeInTheDocument();
    fireEvent.change(alice.ui.getByRole('combobox', { name: 'Background' }), { target: { value: 'BACKGROUND_WHITE' } });
    await waitFor(() =>
      expect(bob.host.querySelector('.edit-item--header .dashboard-header-component')).toHaveClass(
        'dashboard-bg--white',
      ),
    );
    fireEvent.click(bob.ui.getByRole('button', { name: 'Add Text / Markdown' }));
    await waitFor(() => expect(alice.host.querySelector('.edit-item--markdown')).not.toBeNull());

    // Presence: each sees the other's avatar, and Alice's selection is outlined at Bob's.
    expect(await alice.ui.findByLabelText('bob is editing')).toBeInTheDocument();
    expect(await bob.ui.findByLabelText('alice is editing')).toBeInTheDocument();
    await waitFor(() =>
      expect(bob.host.querySelector('.edit-item--header .edit-item__peers')).toHaveTextContent('alice'),
    );

    // Ctrl+Z at Alice undoes her background, size and rename, then her header; Bob's markdown stays.
    fireEvent.click(alice.ui.getByTestId('edit-mode'));
    for (let i = 0; i < 3; i += 1)
      act(() => void fireEvent.keyDown(alice.ui.getByTestId('edit-mode'), { key: 'z', ctrlKey: true }));
    expect(await bob.grid().findByRole('heading', { level: 3, name: 'New header' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bob.host.querySelector('.edit-item--header .dashboard-header-component')).toHaveClass(
        'dashboard-bg--transparent',
      ),
    );
    fireEvent.click(alice.ui.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(bob.host.querySelector('.edit-item--header')).toBeNull());
    expect(bob.host.querySelector('.edit-item--markdown')).not.toBeNull();
    expect(alice.host.querySelector('.edit-item--markdown')).not.toBeNull();
    expect(alice.ui.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(bob.ui.getByRole('button', { name: 'Undo' })).toBeEnabled();

    // Ctrl+Shift+Z redoes Alice's header.
    act(() => void fireEvent.keyDown(alice.ui.getByTestId('edit-mode'), { key: 'Z', ctrlKey: true, shiftKey: true }));
    expect(await bob.grid().findByRole('heading', { name: 'New header' })).toBeInTheDocument();
  });

  it("names each chart's viz type in words in the chart list, not by its internal name", async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    expect(await alice.ui.findByText('Bar Chart')).toBeInTheDocument();
    expect(alice.ui.getByText('Pie Chart')).toBeInTheDocument();
    expect(alice.ui.queryByText('echarts_timeseries_bar')).toBeNull();
  });

  it('adds charts from the searchable chart list, refuses what does not fit with a toast, and resizes', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    expect(await alice.ui.findByText('Pie of regions')).toBeInTheDocument();
    fireEvent.change(alice.ui.getByRole('searchbox', { name: 'Search charts' }), { target: { value: 'bar' } });
    await waitFor(() => expect(alice.ui.queryByText('Pie of regions')).toBeNull());
    fireEvent.click(alice.ui.getByRole('button', { name: 'Add chart Bar of sales' }));
    expect(await bob.grid().findByText('Bar of sales')).toBeInTheDocument();
    const chart = h.drafts.draft(7).layout;
    const chartItem = Object.values(chart).find((i) => i.type === 'CHART')!;
    expect(chartItem.meta).toMatchObject({ chartId: 11, sliceName: 'Bar of sales', width: 4 });

    // Width through the menu: 12 columns; then the markdown Bob drops into the same row does not fit.
    fireEvent.click(alice.grid().getByText('Bar of sales'));
    const width = alice.ui.getByRole('spinbutton', { name: 'Width' });
    fireEvent.change(width, { target: { value: '12' } });
    fireEvent.keyDown(width, { key: 'Enter' });
    await waitFor(() => expect(h.drafts.draft(7).layout[chartItem.id]!.meta.width).toBe(12));
    // 13 columns do not fit a row: the domain's words, and nothing is sent.
    const sent = h.drafts.log(7).length;
    fireEvent.change(width, { target: { value: '13' } });
    fireEvent.keyDown(width, { key: 'Enter' });
    expect(toastTexts(alice.toasts)).toEqual([DashboardMessages.NOT_ENOUGH_SPACE]);
    expect(h.drafts.log(7).length).toBe(sent);
    const rowId = h.drafts.draft(7).layout[GRID_ID]!.children[0]!;
    await waitFor(() =>
      expect(bob.host.querySelector(`[data-component-id="${chartItem.id}"] .edit-chart`)).toHaveAttribute(
        'data-width',
        '12',
      ),
    );
    expect(bob.host.querySelector(`[data-droppable-id="${rowId}"]`)).not.toBeNull();

    // Delete from the menu: the chart and its emptied row go, for both.
    fireEvent.click(alice.ui.getByRole('button', { name: 'Delete component' }));
    await waitFor(() => expect(bob.grid().queryByText('Bar of sales')).toBeNull());
    expect(bob.host.querySelector(`[data-droppable-id="${rowId}"]`)).toBeNull();
    expect(h.drafts.draft(7).layout[GRID_ID]!.children).toEqual([]);
  });

  it('deletes a tab with its content after confirming, one undo step brings it back, and the last nested tab takes its tabs along', async () => {
    const parsed = parsePositionJson(sampleDashboard().position_json);
    if (!parsed.ok) throw new Error('sample layout');
    await h.start({ 7: parsed.layout });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await alice.ui.findByTestId('edit-grid');
    await bob.ui.findByTestId('edit-grid');
    await bob.grid().findByRole('tab', { name: 'Second' });

    // Cancel keeps the tab; Delete removes it and what it held, at both editors.
    fireEvent.click(alice.grid().getByRole('button', { name: 'Delete tab First' }));
    const confirm = alice.grid().getByRole('alertdialog', { name: 'Delete dashboard tab?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(alice.grid().queryByRole('alertdialog')).toBeNull();
    expect(h.drafts.draft(7).layout['TAB-a']).toBeDefined();
    fireEvent.click(alice.grid().getByRole('button', { name: 'Delete tab First' }));
    fireEvent.click(
      within(alice.grid().getByRole('alertdialog', { name: 'Delete dashboard tab?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(bob.grid().queryByRole('tab', { name: 'First' })).toBeNull());
    const afterDelete = h.drafts.draft(7).layout;
    expect(afterDelete['TABS-1']!.children).toEqual(['TAB-b']);
    for (const gone of ['TAB-a', 'ROW-2', 'COLUMN-1', 'CHART-2']) expect(afterDelete[gone]).toBeUndefined();

    // One undo step restores the tab with its content.
    fireEvent.click(alice.ui.getByRole('button', { name: 'Undo' }));
    expect(await bob.grid().findByRole('tab', { name: 'First' })).toBeInTheDocument();
    await waitFor(() => expect(h.drafts.draft(7).layout['CHART-2']).toBeDefined());
    expect(h.drafts.draft(7).layout['TABS-1']!.children).toEqual(['TAB-a', 'TAB-b']);

    // Deleting both tabs of these nested tabs removes the tabs component too.
    for (const name of ['First', 'Second']) {
      fireEvent.click(alice.grid().getByRole('button', { name: `Delete tab ${name}` }));
      fireEvent.click(
        within(alice.grid().getByRole('alertdialog', { name: 'Delete dashboard tab?' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      await waitFor(() => expect(h.drafts.draft(7).layout[name === 'First' ? 'TAB-a' : 'TAB-b']).toBeUndefined());
    }
    expect(h.drafts.draft(7).layout['TABS-1']).toBeUndefined();
    expect(h.drafts.draft(7).layout[GRID_ID]!.children).toEqual(['HEADER-1', 'ROW-1', 'DIVIDER-1']);
    await waitFor(() => expect(bob.grid().queryByRole('tablist')).toBeNull());
  });

  it('saves a version, lists it in the history with who changed what, and views an older one read-only', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await alice.ui.findByTestId('edit-grid');
    fireEvent.click(alice.ui.getByRole('button', { name: 'Add Divider' }));
    fireEvent.click(await bob.ui.findByRole('button', { name: 'Add Header' }));
    await waitFor(() => expect(h.drafts.draft(7).changes.length).toBe(2));
    await waitFor(() => expect(bob.ui.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(bob.ui.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bob.exits).toEqual([true]));
    expect(toastTexts(bob.toasts)).toContain('Version 2 of this dashboard was saved.');

    fireEvent.click(alice.ui.getByRole('button', { name: 'Version history' }));
    const history = within(await alice.ui.findByRole('complementary', { name: 'Version history' }));
    const newest = await history.findByText('Version 2');
    const item = within(newest.closest('li')!);
    expect(item.getByText(/^bob · /)).toBeInTheDocument();
    expect(item.getByText('Edits by alice, bob')).toBeInTheDocument();
    fireEvent.click(history.getAllByRole('button', { name: 'View' })[1]!);
    const viewed = await alice.ui.findByRole('region', { name: 'Version 1 (read-only)' });
    expect(within(viewed).getByText('Drag components or charts here')).toBeInTheDocument();
  });

  it('says clearly when a restore lost against a newer save (409), and restores otherwise', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    fireEvent.click(await alice.ui.findByRole('button', { name: 'Add Divider' }));
    await waitFor(() => expect(h.drafts.draft(7).changes.length).toBe(1));
    expect(h.drafts.command(7, '2', 'SaveDraft', {}).ok).toBe(true);
    fireEvent.click(alice.ui.getByRole('button', { name: 'Version history' }));
    const history = within(await alice.ui.findByRole('complementary', { name: 'Version history' }));
    await history.findByText('Version 2');
    // Someone saves version 3 just before Alice clicks Restore on the list she sees.
    h.drafts.command(7, '2', 'CreateComponent', {
      id: 'HEADER-x',
      componentType: 'HEADER',
      destination: { parentId: GRID_ID, index: 0 },
    });
    expect(h.drafts.command(7, '2', 'SaveDraft', {}).ok).toBe(true);
    fireEvent.click(history.getByRole('button', { name: 'Restore' }));
    expect(await history.findByRole('alert')).toHaveTextContent(
      /^Someone else saved this dashboard meanwhile, nothing was changed/,
    );
    expect(h.drafts.draft(7).version).toBe(3);

    // The list follows the newer save; restoring version 1 now works and is a new version.
    await history.findByText('Version 3');
    const first = within(history.getByText('Version 1').closest('li')!);
    fireEvent.click(first.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(h.drafts.draft(7).version).toBe(4));
    expect(h.drafts.draft(7).versions.at(-1)).toMatchObject({ restoredFrom: 1 });
    await waitFor(() => expect(alice.host.querySelector('.edit-item--header')).toBeNull());
  });
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

describe('entering edit mode from the dashboard page', () => {
  function renderPage(user: typeof ADMIN, path: string) {
    const context = createTestContext(String(user.id));
    const toasts = createToasts(context);
    // Edit mode's REST calls (save, history, palette) are the page's: as the signed-in user, like the app's client.
    const dashboard = createDashboard({
      context,
      http: h.httpAs(String(user.id)),
      toasts,
      user: () => user,
    });
    const view = render(
      <MemoryRouter initialEntries={[path]}>
        <DashboardPage
          dashboard={dashboard}
          errors={createErrors(context, toasts)}
          idOrSlug="cars"
          user={user}
          editing={{
            http: h.httpAs(String(user.id)),
            context,
            openTransport: () => socketDraftTransport({ url: h.drafts.url, sessionId: 'page', token: String(user.id) }),
          }}
        />
        <LocationProbe />
      </MemoryRouter>,
    );
    h.cleanups.push(() => {
      view.unmount();
      dashboard.dispose();
      toasts.dispose();
    });
  }

  it('offers Edit dashboard to an owner, edits the shared draft, and saves back to view mode', async () => {
    const sample = sampleDashboard();
    const parsed = parsePositionJson(sample.position_json);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    await h.start({ 7: parsed.layout });
    h.dashboards.dashboards.push(sample);
    renderPage(ADMIN, '/dashboard/cars/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
    expect(await screen.findByTestId('edit-grid')).toBeInTheDocument();
    // The page shows edit mode, then the router takes the URL: wait for each, not for their order.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/cars/?edit=true'));
    // The draft holds the saved layout: the sample's charts are there to move.
    expect(await screen.findByText('Cars by origin')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Header' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('edit-mode')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/cars\/$/));
    expect(h.drafts.draft(7).version).toBe(2);
  });

  it('draws the charts with their data in edit mode, and fetches and draws a chart added from the chart list', async () => {
    const sample = sampleDashboard();
    const parsed = parsePositionJson(sample.position_json);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    await h.start({ 7: parsed.layout });
    // Chart 11 is on another dashboard: this page knows nothing of it until it is placed.
    h.dashboards.dashboards.push(
      sample,
      sampleDashboard({ id: 8, slug: 'other', charts: [pieChart(11, 'Bar of sales')] }),
    );
    renderPage(ADMIN, '/dashboard/cars/?edit=true');
    const grid = within(await screen.findByTestId('edit-grid'));
    // The sample's pie, drawn from its data inside the editable grid.
    await waitFor(() =>
      expect(grid.getByRole('figure', { name: 'Cars by origin' })).toHaveAttribute('data-status', 'rendered'),
    );
    expect(grid.getByRole('figure', { name: 'Cars by origin' }).closest('.edit-chart')).not.toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Add chart Bar of sales' }));
    await waitFor(() =>
      expect(grid.getByRole('figure', { name: 'Bar of sales' })).toHaveAttribute('data-status', 'rendered'),
    );
    expect(h.dashboards.chartData.some((c) => c.sliceId === 11)).toBe(true);
  });

  it('opens in edit mode from ?edit=true, and offers no editing to someone who may not edit', async () => {
    const sample = sampleDashboard();
    const parsed = parsePositionJson(sample.position_json);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    await h.start({ 7: parsed.layout });
    h.dashboards.dashboards.push(sample);
    const gamma = {
      ...ADMIN,
      id: 5,
      username: 'gamma',
      roles: { Gamma: [] },
      permissions: [
        ['can_read', 'Dashboard'],
        ['can_write', 'Dashboard'],
      ],
    };
    renderPage(gamma as unknown as typeof ADMIN, '/dashboard/cars/?edit=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars overview' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit dashboard' })).toBeNull();
    expect(screen.queryByTestId('edit-mode')).toBeNull();
    h.cleanups.splice(0).forEach((c) => c());

    renderPage(ADMIN, '/dashboard/cars/?edit=true');
    expect(await screen.findByTestId('edit-grid')).toBeInTheDocument();
  });
});
