/**
 * Save and Discard of edit mode (charts-dashboards-reports §4 edit mode; the server's dashboard-drafts):
 * Save publishes the shared draft as a new version, Discard drops what nobody saved. Both wait until the
 * user's edits on their way are acknowledged, so what the user saw is what is saved. The page records
 * each start and how it ended (never undo steps).
 */
import { filter, firstValueFrom, timeout, type Observable } from 'rxjs';
import type { DashboardPageEvent } from '@strata/domain';
import type { DashboardCore } from '../dashboard-core';
import type { DraftApi } from './draft-api';
import type { DraftSession } from './draft-session';
import { describeVersionError } from './version-error';

/** What a save or discard reads of the edit session: its pending edits and the saved version it started from. */
export type DraftProgress = Pick<DraftSession, 'getView'> & { view$: Observable<{ pending: number }> };

export interface SaveActions {
  /** Resolves to whether the draft was saved (edit mode then ends). */
  saveDraft(dashboardId: number, session: DraftProgress): Promise<boolean>;
  /** Resolves to whether the draft was discarded, or left as it was when nothing was unsaved. */
  discardDraft(dashboardId: number, session: DraftProgress): Promise<boolean>;
}

/** How long the user's edits may take to be acknowledged before a save gives up. */
const SETTLE_TIMEOUT_MS = 10_000;

export function saveActions(core: DashboardCore, drafts: DraftApi): SaveActions {
  const { store, toasts } = core;
  const record = (event: DashboardPageEvent) => void store.record([event]);
  /** A save or discard is under way, or done (edit mode is ending): the bar's buttons are disabled meanwhile. */
  const busy = () => store.getState().edit.draft !== null;
  const settled = (session: DraftProgress) =>
    firstValueFrom(
      session.view$.pipe(
        filter((v) => v.pending === 0),
        timeout(SETTLE_TIMEOUT_MS),
      ),
    );

  return {
    async saveDraft(dashboardId, session) {
      if (busy()) return false;
      record({ type: 'dashboardPage/draftSaveStarted', data: { dashboardId } });
      try {
        await settled(session);
        const saved = await drafts.save(dashboardId, session.getView().draft.version);
        record({ type: 'dashboardPage/draftSaved', data: { dashboardId, version: saved.version } });
        toasts.success(`Version ${saved.version} of this dashboard was saved.`);
        return true;
      } catch (error) {
        record({ type: 'dashboardPage/draftSaveFailed', data: { dashboardId, message: describeVersionError(error) } });
        return false;
      }
    },
    async discardDraft(dashboardId, session) {
      if (busy()) return false;
      record({ type: 'dashboardPage/draftDiscardStarted', data: { dashboardId } });
      try {
        await settled(session);
        const changesDropped = session.getView().unsaved;
        if (changesDropped) await drafts.discard(dashboardId);
        record({ type: 'dashboardPage/draftDiscarded', data: { dashboardId, changesDropped } });
        return true;
      } catch (error) {
        record({
          type: 'dashboardPage/draftDiscardFailed',
          data: { dashboardId, message: describeVersionError(error) },
        });
        return false;
      }
    },
  };
}
