import { useEffect, useRef, useState } from 'react';
import { discardNoticeOf, discardNoticeText, type DiscardNotice as Notice, type DraftState } from '@strata/domain';
import type { Peer } from '@strata/events';

/**
 * Tells an editor that an owner discarded everyone's draft while they were editing (issue 12): who, how
 * many of their changes went, and that the version history keeps it. Read from the draft's fold
 * (`discardedDrafts`): only discards that arrive after the session's catch-up are news. Kept apart from
 * the save notices of the edit bar (another helper's) on purpose.
 */
export function DiscardNotice({
  draft,
  ready,
  me,
  editors,
  onOpenHistory,
}: {
  draft: DraftState;
  ready: boolean;
  me: string;
  editors: readonly Peer[];
  onOpenHistory: () => void;
}) {
  const seen = useRef<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const count = draft.discardedDrafts.length;
  useEffect(() => {
    if (!ready) return;
    if (seen.current === null || count < seen.current) {
      seen.current = count;
      return;
    }
    if (count === seen.current) return;
    seen.current = count;
    const next = discardNoticeOf(draft.discardedDrafts[count - 1]!, me);
    if (next) setNotice(next);
  }, [ready, count, draft, me]);
  if (!notice) return null;
  // The log keeps ids; the owner is normally still editing, so the presence list has their name.
  const name = editors.find((p) => String(p.userId) === notice.by)?.username ?? 'An owner';
  return (
    <div className="alert warning edit-discard-notice" role="status">
      <span>{discardNoticeText(notice, name)}</span>
      <button type="button" className="link" onClick={onOpenHistory}>
        Open version history
      </button>
      <button type="button" className="link" aria-label="Dismiss" onClick={() => setNotice(null)}>
        ×
      </button>
    </div>
  );
}
