/**
 * Save and Discard of edit mode (charts-dashboards-reports §4 edit mode; the server's dashboard-drafts):
 * Save publishes the shared draft as a new version; Discard takes back the user's own unsaved edits (issue 12:
 * never the others'), and an owner may discard everyone's after a confirmation. All wait until the
 * user's edits on their way are acknowledged, so what the user saw is what is saved. The page records
 * each start and how it ended (never undo steps).
 */
import { filter, firstValueFrom, timeout, type Observable } from 'rxjs';
import { ownChangesKeptText, type DashboardPageEvent } from '@strata/domain';
import type { DashboardCore } from '../dashboard-core';
import type { DraftApi } from './draft-api';
import type { DraftSession } from './draft-session';
import { describeVersionError } from './version-error';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

/** What a save or discard reads of the edit session: its pending edits and the saved version it started from. */
export type DraftProgress = Pick<DraftSession, 'getView'> & { view$: Observable<{ pending: number }> };

export interface SaveActions {
  /** Resolves to whether the draft was saved (edit mode then ends). */
  saveDraft(dashboardId: number, session: DraftProgress): Promise<boolean>;
  /** Exit edit mode: resolves to true once the user's edits on their way landed; the draft is left as it is. */
  discardDraft(dashboardId: number, session: DraftProgress): Promise<boolean>;
  /**
   * Discard my changes: the user's own unsaved edits leave the draft, the others' stay; one step the user's
   * Undo reverses, so no confirmation. Edit mode goes on.
   */
  discardMyChanges(dashboardId: number, session: DraftProgress): Promise<boolean>;
  /** An owner's "Discard everyone's changes": asks the server who has how many unsaved edits, for the confirmation. */
  askDiscardEveryone(dashboardId: number, session: DraftProgress): Promise<void>;
  cancelDiscardEveryone(): void;
  /** After the confirmation: everyone's edits go (kept as a discarded draft in the history); edit mode goes on. */
  discardEveryone(dashboardId: number, session: DraftProgress): Promise<boolean>;
}

/** How long the user's edits may take to be acknowledged before a save gives up. */
const SETTLE_TIMEOUT_MS = 10_000;

export function saveActions(core: DashboardCore, drafts: DraftApi): SaveActions {
  const { store, toasts } = core;
  /** The answers of a save or discard (and the question before a discard): facts that may land in the past view. */
  const record = (event: DashboardPageEvent) => void store.record([event], MAY_LAND_IN_PAST);
  /** Records the start of a save or discard; false when refused (the page shows the past): nothing is sent then. */
  const start = (event: DashboardPageEvent) => store.record([event]).length > 0;
  /** A save or discard is under way, or done (edit mode is ending): the bar's buttons are disabled meanwhile. */
  const busy = () => store.getState().edit.draft !== null || !!store.getState().edit.discarding;
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
      if (!start({ type: 'dashboardPage/draftSaveStarted', data: { dashboardId } })) return false;
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
      // Exit edit mode: the shared draft stays as it is (the user's own unsaved edits too, for whoever saves
      // next); taking edits back is Discard (mine) or an owner's discard of everyone's.
      if (busy()) return false;
      if (!start({ type: 'dashboardPage/draftDiscardStarted', data: { dashboardId } })) return false;
      try {
        await settled(session);
        record({ type: 'dashboardPage/draftDiscarded', data: { dashboardId, changesDropped: false } });
        return true;
      } catch (error) {
        const message = describeVersionError(error);
        record({ type: 'dashboardPage/draftDiscardFailed', data: { dashboardId, message } });
        return false;
      }
    },
    async discardMyChanges(dashboardId, session) {
      if (busy()) return false;
      if (!start({ type: 'dashboardPage/ownChangesDiscardStarted', data: { dashboardId } })) return false;
      try {
        await settled(session);
        const answer = (await drafts.discard(dashboardId, 'mine')) as { kept?: number } | null;
        record({ type: 'dashboardPage/ownChangesDiscarded', data: { dashboardId } });
        // Changes another editor built on stay (issue 12): say how many, so nothing seems to fail silently.
        const kept = answer?.kept ?? 0;
        if (kept > 0) toasts.info(ownChangesKeptText(kept));
        return true;
      } catch (error) {
        const message = describeVersionError(error);
        record({ type: 'dashboardPage/ownChangesDiscardFailed', data: { dashboardId, message } });
        return false;
      }
    },
    async askDiscardEveryone(dashboardId, session) {
      if (busy()) return;
      try {
        await settled(session);
        const unsaved = await drafts.unsavedBy(dashboardId);
        record({ type: 'dashboardPage/discardEveryoneAsked', data: { dashboardId, unsaved } });
      } catch (error) {
        const message = describeVersionError(error);
        record({ type: 'dashboardPage/everyoneDiscardFailed', data: { dashboardId, message } });
      }
    },
    cancelDiscardEveryone: () => void store.record([{ type: 'dashboardPage/discardEveryoneCancelled', data: {} }]),
    async discardEveryone(dashboardId, session) {
      if (busy()) return false;
      if (!start({ type: 'dashboardPage/everyoneDiscardStarted', data: { dashboardId } })) return false;
      try {
        await settled(session);
        await drafts.discard(dashboardId, 'all');
        record({ type: 'dashboardPage/everyoneDiscarded', data: { dashboardId } });
        toasts.success("Everyone's unsaved changes were discarded. The version history keeps them.");
        return true;
      } catch (error) {
        const message = describeVersionError(error);
        record({ type: 'dashboardPage/everyoneDiscardFailed', data: { dashboardId, message } });
        return false;
      }
    },
  };
}
