import { useState, type FormEvent } from 'react';
import type { SaveOptions } from './editor-actions';

export interface SaveQueryDialogProps {
  name: string;
  /** The saved query's description; null while it loads (the field waits for it). */
  description: string | null;
  /** The tab is a saved query already: Update, or Save as new. */
  saved: boolean;
  /** A save is under way. */
  busy: boolean;
  onSave(options: SaveOptions): void;
  onClose(): void;
}

/**
 * The save dialog: name and description; a saved query is updated or saved again as a new one. Opening,
 * loading, saving and closing are the SQL Lab page's recorded facts (save-dialog.feature.ts); only what
 * is typed lives here until it is saved.
 */
export function SaveQueryDialog({
  name: initialName,
  description: loaded,
  saved,
  busy,
  onSave,
  onClose,
}: SaveQueryDialogProps) {
  const [name, setName] = useState(initialName);
  const [typed, setTyped] = useState<string | null>(null);
  const description = typed ?? loaded;

  const save = (asNew: boolean) => onSave({ name: name.trim(), description: description ?? '', asNew });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && !busy) save(false);
  };

  return (
    <div className="sqllab-dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <form className="sqllab-dialog" role="dialog" aria-modal="true" aria-label="Save query" onSubmit={submit}>
        <h2>{saved ? 'Update the saved query' : 'Save query'}</h2>
        <label className="sqllab-field">
          <span>Name</span>
          <input
            aria-label="Query name"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={256}
          />
        </label>
        <label className="sqllab-field">
          <span>Description</span>
          <textarea
            aria-label="Description"
            rows={4}
            value={description ?? ''}
            disabled={description === null}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        {!name.trim() && <p className="form-error">The name cannot be empty.</p>}
        <div className="sqllab-dialog__actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          {saved && (
            <button type="button" disabled={busy || !name.trim()} onClick={() => save(true)}>
              Save as new
            </button>
          )}
          <button type="submit" className="primary" disabled={busy || !name.trim()}>
            {saved ? 'Update' : 'Save'}
          </button>
        </div>
      </form>
    </div>
  );
}
