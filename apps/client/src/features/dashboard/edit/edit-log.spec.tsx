/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dashboardPageFold, emptyLayout } from '@strata/domain';
import { createFeatureStore } from '../../../shared/feature-store';
import { createTestContext } from '../../../shared/test-context';
import { TimeTravel } from '../../timetravel/time-travel';
import { sampleDashboard } from '../testing/layouts';
import { dashboardPageSpec } from '../testing/page-spec';
import { editHarness } from './testing/edit-harness';

/** The page's events as time travel lists them, the page's store only. */
const pageTypes = (travel: TimeTravel) =>
  travel
    .timeline()
    .filter((e) => e.store === 'dashboard')
    .map((e) => e.entry.type);

describe("edit mode's save, history and palette are facts of the page's log (time travel sees them)", () => {
  const h = editHarness();
  let travel: TimeTravel;
  beforeEach(() => (travel = new TimeTravel()));
  afterEach(() => travel.dispose());

  it('records the save and its outcome, none an undo step, and shows the editor as it was before the save', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    travel.register(alice.dashboard.store);
    fireEvent.click(await alice.ui.findByRole('button', { name: 'Add Divider' }));
    await waitFor(() => expect(alice.ui.getByRole('button', { name: 'Save' })).toBeEnabled());
    // The palette's first answer is on the page's log too.
    await waitFor(() => expect(pageTypes(travel)).toContain('dashboardPage/paletteChartsLoaded'));
    fireEvent.click(alice.ui.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alice.exits).toEqual([true]));

    const types = pageTypes(travel);
    expect(types.filter((t) => t.startsWith('dashboardPage/draft'))).toEqual([
      'dashboardPage/draftSaveStarted',
      'dashboardPage/draftSaved',
    ]);
    const saved = travel.timeline().find((e) => e.entry.type === 'dashboardPage/draftSaved')!.entry;
    expect(saved.data).toEqual({ dashboardId: 7, version: 2 });
    expect(travel.timeline().every((e) => e.entry.meta.undoable === false)).toBe(true);

    // Scrubbed to before the save, the bar's buttons are enabled again (nothing under way); back live, it is done.
    // (Saved, the draft has no unsaved change: Discard reads "Exit edit mode".)
    act(() => travel.scrubTo(types.indexOf('dashboardPage/draftSaveStarted')));
    expect(alice.ui.getByRole('button', { name: 'Exit edit mode' })).toBeEnabled();
    act(() => travel.resume());
    expect(alice.ui.getByRole('button', { name: 'Exit edit mode' })).toBeDisabled();
  });

  it('records the history opened, the versions loaded and a restore with its outcome', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    travel.register(alice.dashboard.store);
    fireEvent.click(await alice.ui.findByRole('button', { name: 'Add Divider' }));
    await waitFor(() => expect(h.drafts.draft(7).changes.length).toBe(1));
    expect(h.drafts.command(7, '2', 'SaveDraft', {}).ok).toBe(true);
    fireEvent.click(alice.ui.getByRole('button', { name: 'Version history' }));
    const history = within(await alice.ui.findByRole('complementary', { name: 'Version history' }));
    await history.findByText('Version 2');
    fireEvent.click(within(history.getByText('Version 1').closest('li')!).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(pageTypes(travel)).toContain('dashboardPage/versionRestored'));

    const types = pageTypes(travel);
    expect(types).toEqual(
      expect.arrayContaining([
        'dashboardPage/versionHistoryOpened',
        'dashboardPage/versionsRequested',
        'dashboardPage/versionsLoaded',
        'dashboardPage/versionRestoreStarted',
        'dashboardPage/versionRestored',
      ]),
    );
    expect(types.indexOf('dashboardPage/versionRestoreStarted')).toBeLessThan(
      types.indexOf('dashboardPage/versionRestored'),
    );
    const restored = travel.timeline().find((e) => e.entry.type === 'dashboardPage/versionRestored')!.entry;
    expect(restored.data).toEqual({ version: 1, newVersion: 3 });

    // The list follows the restore's new version.
    await history.findByText('Version 3');

    // Before the history was opened, the page shows no history panel; live again, it is back, and being
    // shown again by time travel asks the server nothing.
    const requests = () => pageTypes(travel).filter((t) => t === 'dashboardPage/versionsRequested').length;
    const asked = requests();
    act(() => travel.scrubTo(types.indexOf('dashboardPage/versionHistoryOpened')));
    expect(alice.ui.queryByRole('complementary', { name: 'Version history' })).toBeNull();
    act(() => travel.resume());
    expect(alice.ui.getByRole('complementary', { name: 'Version history' })).toBeInTheDocument();
    expect(requests()).toBe(asked);
  });
});

describe("a shared permalink is a fact of the page's log", () => {
  const spec = dashboardPageSpec();

  it('records the permalink asked for and the link the server answered', async () => {
    spec.api.dashboards.push(sampleDashboard());
    const page = spec.render('/dashboard/7/?standalone=1');
    const travel = new TimeTravel();
    travel.register(page.dashboard.store);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy permalink' }));
    await waitFor(() => expect(pageTypes(travel)).toContain('dashboardPage/permalinkCreated'));
    const requested = travel.timeline().find((e) => e.entry.type === 'dashboardPage/permalinkRequested')!.entry;
    expect(requested.data).toMatchObject({ dashboardId: 7, state: { urlParams: [['standalone', '1']] } });
    expect(page.dashboard.store.getState().permalink).toMatchObject({ status: 'created', url: expect.any(String) });
    expect(page.dashboard.store.getState().permalink?.url).toContain('key1');

    // An exported log carries it: imported into a fresh page, the same permalink is folded.
    const file = JSON.parse(JSON.stringify(travel.exportLog('2026-01-01T00:00:00.000Z'))) as unknown;
    const fresh = createFeatureStore('dashboard', dashboardPageFold, createTestContext());
    const other = new TimeTravel();
    other.register(fresh);
    other.importLog(file);
    expect(fresh.getState().permalink).toEqual(page.dashboard.store.getState().permalink);
    other.dispose();
    travel.dispose();
  });
});
