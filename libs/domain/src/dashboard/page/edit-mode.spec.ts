import { deepFreeze } from '../../testing';
import type { DashboardVersion, DashboardVersionList } from './edit-mode';
import type { DashboardPageEvent } from './page.events';
import { dashboardPageFold } from './page.evolve';
import { layout, loadStarted, opened } from './testing/fixtures';

/** given(events): the page's state after them (frozen: an evolve that mutates fails). */
const given = (events: readonly DashboardPageEvent[]) =>
  events.reduce(
    (s, e) => deepFreeze(dashboardPageFold.evolve(s, deepFreeze(e))),
    deepFreeze(dashboardPageFold.initialState()),
  );

const version = (n: number): DashboardVersion => ({
  version: n,
  saved_by: { id: 1, username: 'alice' },
  saved_at: '2026-01-01T00:00:00Z',
  summary: `v${n}`,
  authors: [{ id: 1, username: 'alice' }],
  changes: [],
  restored_from: null,
});
const list = (...versions: number[]): DashboardVersionList => ({
  count: versions.length,
  current_version: versions[0] ?? null,
  result: versions.map(version),
});
const historyOpen: DashboardPageEvent[] = [
  ...opened(),
  { type: 'dashboardPage/versionHistoryOpened', data: { dashboardId: 7 } },
];

describe('edit mode on the dashboard page (charts-dashboards-reports §4 edit mode)', () => {
  describe('discard is per user (issue 12)', () => {
    it('given my discard under way, when it is done, then edit mode goes on with the bar free', () => {
      const started = given([
        ...opened(),
        { type: 'dashboardPage/ownChangesDiscardStarted', data: { dashboardId: 7 } },
      ]);
      expect([started.edit.discarding, started.edit.draft]).toEqual(['mine', null]);
      const done = given([
        ...opened(),
        { type: 'dashboardPage/ownChangesDiscardStarted', data: { dashboardId: 7 } },
        { type: 'dashboardPage/ownChangesDiscarded', data: { dashboardId: 7 } },
      ]);
      expect([done.edit.discarding, done.edit.draft]).toEqual([null, null]);
    });

    it("given the owner's confirmation with who has how many changes, when confirmed, then it closes and the discard runs", () => {
      const unsaved = [{ user: { id: 2, username: 'bob' }, count: 3 }];
      const asked = given([
        ...opened(),
        { type: 'dashboardPage/discardEveryoneAsked', data: { dashboardId: 7, unsaved } },
      ]);
      expect(asked.edit.confirmDiscard).toEqual({ unsaved });
      const failed = given([
        ...opened(),
        { type: 'dashboardPage/discardEveryoneAsked', data: { dashboardId: 7, unsaved } },
        { type: 'dashboardPage/everyoneDiscardStarted', data: { dashboardId: 7 } },
        { type: 'dashboardPage/everyoneDiscardFailed', data: { dashboardId: 7, message: 'No.' } },
      ]);
      expect([failed.edit.confirmDiscard, failed.edit.discarding, failed.edit.problem]).toEqual([null, null, 'No.']);
    });

    it('restoring a discarded draft from the history disables its Restore until it answers', () => {
      const restoring = given([
        ...historyOpen,
        { type: 'dashboardPage/discardedDraftRestoreStarted', data: { discard: 1 } },
      ]);
      expect(restoring.edit.history?.restoringDiscard).toBe(1);
      const failed = given([
        ...historyOpen,
        { type: 'dashboardPage/discardedDraftRestoreStarted', data: { discard: 1 } },
        { type: 'dashboardPage/discardedDraftRestoreFailed', data: { discard: 1, message: 'Unsaved.' } },
      ]);
      expect([failed.edit.history?.restoringDiscard, failed.edit.history?.error]).toEqual([null, 'Unsaved.']);
    });
  });

  describe('save and discard of the shared draft', () => {
    it('given a save under way, then the bar is busy; when it is saved, it stays busy until the page reloads', () => {
      const saving = given([...opened(), { type: 'dashboardPage/draftSaveStarted', data: { dashboardId: 7 } }]);
      expect(saving.edit.draft).toBe('saving');
      const saved = given([
        ...opened(),
        { type: 'dashboardPage/draftSaveStarted', data: { dashboardId: 7 } },
        { type: 'dashboardPage/draftSaved', data: { dashboardId: 7, version: 2 } },
      ]);
      expect(saved.edit).toMatchObject({ draft: 'saved', problem: null });
      // Leaving edit mode reloads the dashboard: a fresh page, nothing busy.
      expect(
        given([
          ...opened(),
          { type: 'dashboardPage/draftSaveStarted', data: { dashboardId: 7 } },
          { type: 'dashboardPage/draftSaved', data: { dashboardId: 7, version: 2 } },
          loadStarted('r2'),
        ]).edit.draft,
      ).toBeNull();
    });

    it('when a save fails, then the bar says why and Save can be tried again; a new try clears the message', () => {
      const failed = given([
        ...opened(),
        { type: 'dashboardPage/draftSaveStarted', data: { dashboardId: 7 } },
        { type: 'dashboardPage/draftSaveFailed', data: { dashboardId: 7, message: 'Someone else saved' } },
      ]);
      expect(failed.edit).toMatchObject({ draft: null, problem: 'Someone else saved' });
      const again = given([
        ...opened(),
        { type: 'dashboardPage/draftSaveFailed', data: { dashboardId: 7, message: 'Someone else saved' } },
        { type: 'dashboardPage/draftDiscardStarted', data: { dashboardId: 7 } },
      ]);
      expect(again.edit).toMatchObject({ draft: 'discarding', problem: null });
    });

    it('when the draft is discarded, then edit mode is done with it', () => {
      const state = given([
        ...opened(),
        { type: 'dashboardPage/draftDiscardStarted', data: { dashboardId: 7 } },
        { type: 'dashboardPage/draftDiscarded', data: { dashboardId: 7, changesDropped: true } },
      ]);
      expect(state.edit.draft).toBe('discarded');
    });
  });

  describe('the version history', () => {
    it('given the panel closed, when versions answer, then nothing changes', () => {
      const before = given(opened());
      const after = dashboardPageFold.evolve(before, {
        type: 'dashboardPage/versionsLoaded',
        data: { requestId: 'v1', list: list(2, 1) },
      });
      expect(after).toBe(before);
      expect(after.edit.history).toBeNull();
    });

    it('given the panel open, when its request answers, then the list shows; an older request answering later changes nothing', () => {
      const state = given([
        ...historyOpen,
        { type: 'dashboardPage/versionsRequested', data: { requestId: 'v1' } },
        { type: 'dashboardPage/versionsRequested', data: { requestId: 'v2' } },
        { type: 'dashboardPage/versionsLoaded', data: { requestId: 'v2', list: list(3, 2, 1) } },
        { type: 'dashboardPage/versionsLoaded', data: { requestId: 'v1', list: list(2, 1) } },
      ]);
      expect(state.edit.history?.list?.result.map((v) => v.version)).toEqual([3, 2, 1]);
    });

    it('when the panel is closed and opened again, then it starts loading afresh', () => {
      const state = given([
        ...historyOpen,
        { type: 'dashboardPage/versionsRequested', data: { requestId: 'v1' } },
        { type: 'dashboardPage/versionsLoaded', data: { requestId: 'v1', list: list(2, 1) } },
        { type: 'dashboardPage/versionHistoryClosed', data: {} },
        { type: 'dashboardPage/versionHistoryOpened', data: { dashboardId: 7 } },
      ]);
      expect(state.edit.history).toEqual({ requestId: null, list: null, error: null, viewing: null, restoring: null });
    });

    it('when a version is viewed, then its layout is shown read-only until closed', () => {
      const viewed: DashboardPageEvent = { type: 'dashboardPage/versionViewed', data: { info: version(1), layout } };
      expect(given([...historyOpen, viewed]).edit.history?.viewing?.info.version).toBe(1);
      expect(
        given([...historyOpen, viewed, { type: 'dashboardPage/versionViewClosed', data: {} }]).edit.history?.viewing,
      ).toBeNull();
    });

    it('given a restore under way, then Restore waits; when it is restored, the read-only view closes', () => {
      const restoring = given([
        ...historyOpen,
        { type: 'dashboardPage/versionViewed', data: { info: version(1), layout } },
        { type: 'dashboardPage/versionRestoreStarted', data: { version: 1 } },
      ]);
      expect(restoring.edit.history).toMatchObject({ restoring: 1, error: null });
      const restored = dashboardPageFold.evolve(restoring, {
        type: 'dashboardPage/versionRestored',
        data: { version: 1, newVersion: 4 },
      });
      expect(restored.edit.history).toMatchObject({ restoring: null, viewing: null });
    });

    it('when a restore is refused, then the panel says why and the version can be restored again', () => {
      const state = given([
        ...historyOpen,
        { type: 'dashboardPage/versionRestoreStarted', data: { version: 1 } },
        { type: 'dashboardPage/versionRestoreFailed', data: { version: 1, message: 'Someone else saved first' } },
      ]);
      expect(state.edit.history).toMatchObject({ restoring: null, error: 'Someone else saved first' });
    });
  });

  describe('the palette chart list', () => {
    it('when the charts answer, then the palette lists them; when a search fails, then the bar says why', () => {
      const charts = [{ id: 11, slice_name: 'Bar of sales', viz_type: 'bar' }];
      const loaded = given([...opened(), { type: 'dashboardPage/paletteChartsLoaded', data: { search: '', charts } }]);
      expect(loaded.edit.paletteCharts).toEqual(charts);
      const failed = dashboardPageFold.evolve(loaded, {
        type: 'dashboardPage/paletteChartsFailed',
        data: { search: 'bar', message: 'Forbidden' },
      });
      expect(failed.edit).toMatchObject({ paletteCharts: charts, problem: 'Forbidden' });
    });
  });
});
