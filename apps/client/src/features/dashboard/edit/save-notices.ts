/**
 * What an editor is told when someone else publishes the shared draft (issue 12 "Save keeps everyone
 * working"): "Alice saved version 7, including 3 of your changes", and why their Undo has nothing left
 * once their edits are in a saved version. A fold of the draft's log the session already holds (the
 * domain's `saveNoticeOf` / `undoBlockedBySave`), so nothing new travels and nothing is recorded.
 */
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import {
  saveNoticeOf,
  saveNoticeText,
  undoBlockedBySave,
  undoBlockedText,
  type DraftSaved,
  type SaveNotice,
  type VersionRestored,
} from '@strata/domain';
import type { DraftSession } from './draft-session';

export interface SaveNoticeState {
  /** The latest save or restore by someone else since this editor opened the draft, in words. */
  text: string | null;
  /** Why Undo is disabled: this editor's earlier changes are in a saved version. */
  undoBlocked: string | null;
}

export interface SaveNotices {
  readonly state$: Observable<SaveNoticeState>;
  /** Why Undo has nothing now, for a Ctrl+Z that found nothing to undo. */
  undoBlocked(): string | null;
  dismiss(): void;
  close(): void;
}

const PUBLISHING = new Set(['dashboard/draftSaved', 'dashboard/versionRestored']);

export function saveNotices(
  session: Pick<DraftSession, 'view$' | 'store'>,
  deps: {
    me: () => string;
    /** The saver's name when presence never showed them (a save through the API): the version's `saved_by`. */
    nameOfSaver: (version: number) => Promise<string | null>;
  },
): SaveNotices {
  const state$ = new BehaviorSubject<SaveNoticeState>({ text: null, undoBlocked: null });
  // User id → name of everyone seen editing: the saver has usually left presence by the time it arrives.
  const names = new Map<string, string>();
  // The saves already in the catch-up are history, not news: only those arriving later are told.
  let known: Set<string> | null = null;
  let latest: SaveNotice | null = null;
  let closed = false;

  const show = (notice: SaveNotice, name: string) => {
    if (closed || latest !== notice) return;
    state$.next({ ...state$.value, text: saveNoticeText(notice, name) });
  };

  const subscription: Subscription = session.view$.subscribe((view) => {
    for (const peer of view.editors) names.set(String(peer.userId), peer.username);
    if (!view.ready) return;
    const entries = session.store.log.entries;
    const publishing = entries.filter((e) => PUBLISHING.has(e.type));
    if (known === null) {
      known = new Set(publishing.map((e) => e.id));
    } else {
      for (const entry of publishing) {
        if (known.has(entry.id)) continue;
        known.add(entry.id);
        const notice = saveNoticeOf(entry as unknown as DraftSaved | VersionRestored, deps.me());
        if (!notice) continue;
        latest = notice;
        const name = names.get(notice.by);
        if (name !== undefined) show(notice, name);
        else
          void deps.nameOfSaver(notice.version).then(
            (found) => show(notice, found ?? 'Someone'),
            () => show(notice, 'Someone'),
          );
      }
    }
    const version = undoBlockedBySave(entries, deps.me());
    const undoBlocked = version === null ? null : undoBlockedText(version);
    if (undoBlocked !== state$.value.undoBlocked) state$.next({ ...state$.value, undoBlocked });
  });

  return {
    state$: state$.asObservable(),
    undoBlocked: () => state$.value.undoBlocked,
    dismiss() {
      latest = null;
      state$.next({ ...state$.value, text: null });
    },
    close() {
      closed = true;
      subscription.unsubscribe();
      state$.complete();
    },
  };
}
