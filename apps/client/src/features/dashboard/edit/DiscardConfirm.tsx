import { useEffect, useRef } from 'react';
import { discardAllQuestion, type UnsavedByEditor } from '@strata/domain';

/**
 * The owner's confirmation before discarding everyone's unsaved changes (issue 12): it names the other
 * editors and how many unsaved changes each has, as the server counts them in the draft. What it shows is
 * the page's state (`edit.confirmDiscard`); its buttons are the page's intents.
 */
export function DiscardConfirm({
  unsaved,
  me,
  onConfirm,
  onCancel,
}: {
  unsaved: readonly UnsavedByEditor[];
  /** The signed-in user's actor id: their own count is told apart. */
  me: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const others = unsaved
    .filter((u) => String(u.user.id) !== me)
    .map((u) => ({ name: u.user.username, count: u.count }));
  const mine = unsaved.find((u) => String(u.user.id) === me)?.count ?? 0;
  return (
    <div className="edit-confirm" role="dialog" aria-modal="true" aria-label="Discard everyone's changes">
      <p>{discardAllQuestion(others, mine)}</p>
      <div className="edit-confirm__actions">
        <button type="button" ref={cancel} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          Discard everyone's changes
        </button>
      </div>
    </div>
  );
}
