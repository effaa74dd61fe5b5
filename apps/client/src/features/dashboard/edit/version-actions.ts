/**
 * The version history of edit mode (the server's dashboard-drafts versions): the panel opened and
 * closed, the list loaded (again after every save, so another editor's save shows up at once), a version
 * viewed read-only, and a restore, which makes an older version the newest. Restoring names the version
 * the user saw as current: a newer save meanwhile is a 409, told plainly. A draft an owner discarded is
 * listed too and can be brought back as the draft.
 */
import type { DashboardPageEvent } from '@strata/domain';
import type { DashboardCore } from '../dashboard-core';
import type { DraftApi } from './draft-api';
import { toClientError } from '../../api/api-error';
import { describeVersionError } from './version-error';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface VersionActions {
  toggleVersionHistory(dashboardId: number): void;
  /** Asks for the list again; only the latest request's answer is shown. */
  loadVersions(dashboardId: number): void;
  viewVersion(dashboardId: number, version: number): void;
  closeVersionView(): void;
  /** `savedVersion`: the draft's saved version, named when the list has not said which is current. */
  restoreVersion(dashboardId: number, version: number, savedVersion: number): Promise<void>;
  /** Brings a draft an owner discarded back as the draft (its edits unsaved again, nothing published). */
  restoreDiscardedDraft(dashboardId: number, discard: number): Promise<void>;
}

export function versionActions(core: DashboardCore, drafts: DraftApi): VersionActions {
  const { store, toasts, context } = core;
  /** The user's intents: refused while the page shows the past (false then: nothing is sent). */
  const record = (event: DashboardPageEvent) => store.record([event]).length > 0;
  /** Loads and answers of the server: they may land while the page shows the past. */
  const fact = (event: DashboardPageEvent) => void store.record([event], MAY_LAND_IN_PAST);
  const history = () => store.getState().edit.history;

  const loadVersions = (dashboardId: number) => {
    if (!history()) return;
    const requestId = context.newId();
    fact({ type: 'dashboardPage/versionsRequested', data: { requestId } });
    drafts.versions(dashboardId).then(
      (list) => fact({ type: 'dashboardPage/versionsLoaded', data: { requestId, list } }),
      (error: unknown) =>
        fact({ type: 'dashboardPage/versionsLoadFailed', data: { requestId, message: describeVersionError(error) } }),
    );
  };

  return {
    toggleVersionHistory(dashboardId) {
      if (history()) return void record({ type: 'dashboardPage/versionHistoryClosed', data: {} });
      if (record({ type: 'dashboardPage/versionHistoryOpened', data: { dashboardId } })) loadVersions(dashboardId);
    },
    loadVersions,
    viewVersion(dashboardId, version) {
      drafts.version(dashboardId, version).then(
        ({ info, layout }) => fact({ type: 'dashboardPage/versionViewed', data: { info, layout } }),
        (error: unknown) =>
          fact({ type: 'dashboardPage/versionViewFailed', data: { version, message: describeVersionError(error) } }),
      );
    },
    closeVersionView: () => void record({ type: 'dashboardPage/versionViewClosed', data: {} }),
    async restoreVersion(dashboardId, version, savedVersion) {
      const open = history();
      if (!open || open.restoring !== null) return;
      if (!record({ type: 'dashboardPage/versionRestoreStarted', data: { version } })) return;
      try {
        const restored = await drafts.restore(dashboardId, version, open.list?.current_version ?? savedVersion);
        fact({ type: 'dashboardPage/versionRestored', data: { version, newVersion: restored.version } });
        // The restored layout arrives in the draft like any other edit: everyone stays in edit mode.
        toasts.success(`Restored as version ${restored.version}.`);
      } catch (error) {
        fact({ type: 'dashboardPage/versionRestoreFailed', data: { version, message: describeVersionError(error) } });
      }
    },
    async restoreDiscardedDraft(dashboardId, discard) {
      const open = history();
      if (!open || open.restoringDiscard) return;
      if (!record({ type: 'dashboardPage/discardedDraftRestoreStarted', data: { discard } })) return;
      try {
        await drafts.restoreDiscarded(dashboardId, discard);
        fact({ type: 'dashboardPage/discardedDraftRestored', data: { discard } });
        // The layout arrives in the draft over the socket, for every editor.
        toasts.success('The discarded draft is the draft again: its changes are unsaved.');
      } catch (error) {
        // A 409 here is the draft's unsaved changes, told in the server's words.
        const message = toClientError(error).message;
        fact({ type: 'dashboardPage/discardedDraftRestoreFailed', data: { discard, message } });
      }
    },
  };
}
