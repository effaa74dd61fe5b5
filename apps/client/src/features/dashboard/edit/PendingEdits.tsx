import type { DraftSession, DraftView } from './draft-session';
import { describeEdit, rejectedText, type RejectedEdit } from './rejected-edits';

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/** The bar's word on this user's unacknowledged changes: waiting while offline, or on their way. */
export function PendingEdits({ view }: { view: DraftView }) {
  if (view.pending === 0) return null;
  const text =
    view.connection === 'live'
      ? `Sending ${changes(view.pending)}…`
      : view.connection === 'offline'
        ? `Offline: ${changes(view.pending)} pending`
        : `${changes(view.pending)} waiting to be sent`;
  return (
    <span className={view.connection === 'live' ? 'muted' : 'badge warning'} role="status" data-testid="pending-edits">
      {text}
    </span>
  );
}

/**
 * This user's refused edits with the server's reason, until dismissed (issue 12: a refusal is never
 * only a toast). A refused text keeps the user's text, selectable to copy, and "Re-apply" writes it over
 * the text as it is now.
 */
export function RejectedEdits({ view, session }: { view: DraftView; session: DraftSession }) {
  if (view.rejected.length === 0) return null;
  return (
    <section className="alert danger rejected-edits" aria-label="Changes not applied">
      <strong>{view.rejected.length === 1 ? 'A change was not applied' : 'Changes not applied'}</strong>
      <ul>
        {view.rejected.map((edit) => (
          <RejectedItem key={edit.commandId} edit={edit} view={view} session={session} />
        ))}
      </ul>
    </section>
  );
}

function RejectedItem({ edit, view, session }: { edit: RejectedEdit; view: DraftView; session: DraftSession }) {
  const text = rejectedText(edit);
  // Before the catch-up the draft is empty: nothing is known to be gone yet.
  const gone = view.ready && text !== null && view.draft.layout[text.componentId] === undefined;
  return (
    <li className="rejected-edits__item" data-testid="rejected-edit">
      <span>
        {describeEdit(edit)}: {edit.reason}
      </span>
      {text && (
        <textarea
          readOnly
          aria-label="Your text"
          value={text.text}
          rows={Math.min(6, text.text.split('\n').length)}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      {gone && <span className="muted">The component is no longer on the dashboard: copy your text to keep it.</span>}
      <span className="rejected-edits__actions">
        {text && !gone && (
          <button
            type="button"
            disabled={!view.ready || view.connection === 'failed'}
            onClick={() => session.reapply(edit.commandId)}
          >
            Re-apply
          </button>
        )}
        {text && navigator.clipboard && (
          <button type="button" onClick={() => void navigator.clipboard.writeText(text.text)}>
            Copy
          </button>
        )}
        <button type="button" onClick={() => session.dismissRejected(edit.commandId)}>
          Dismiss
        </button>
      </span>
    </li>
  );
}
