import { useEffect, useState } from 'react';
import { useStoreState } from '../../../shared/use-store-state';
import type { DraftSession } from './draft-session';
import { saveNotices, type SaveNoticeState, type SaveNotices } from './save-notices';

/** The save notices of this editor's session, for as long as the session lives. */
export function useSaveNotices(
  session: DraftSession,
  me: () => string,
  nameOfSaver: (version: number) => Promise<string | null>,
): SaveNotices {
  const [notices] = useState(() => saveNotices(session, { me, nameOfSaver }));
  useEffect(() => () => notices.close(), [notices]);
  return notices;
}

/**
 * Under the edit bar: "Alice saved version 7, including 3 of your changes" when someone else publishes
 * the draft, with the reason this editor's Undo is disabled when their changes went into that version.
 */
export function SaveNotice({ notices }: { notices: SaveNotices }) {
  const { text, undoBlocked }: SaveNoticeState = useStoreState(notices.state$);
  if (text === null) return null;
  return (
    <div className="alert info edit-save-notice" role="status" data-testid="save-notice">
      <span>{text}.</span>
      {undoBlocked && <span className="edit-save-notice__undo">{undoBlocked}.</span>}
      <button type="button" className="link" onClick={() => notices.dismiss()}>
        Dismiss
      </button>
    </div>
  );
}
