import { useEffect, useState, type FormEvent } from 'react';
import type { SaveOptions } from './editor-actions';

export interface SaveQueryDialogProps {
  name: string;
  /** The saved query's description (loaded when the tab is a saved query). */
  loadDescription(): Promise<string>;
  /** The tab is a saved query already: Update, or Save as new. */
  saved: boolean;
  onSave(options: SaveOptions): Promise<boolean>;
  onClose(): void;
}

/** The save dialog: name and description; a saved query is updated or saved again as a new one. */
export function SaveQueryDialog({ name: initialName, loadDescription, saved, onSave, onClose }: SaveQueryDialogProps) {
  // What is typed: form input, kept in React until it is saved.
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState<string | null>(saved ? null : '');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!saved) return;
    let live = true;
    void loadDescription().then((text) => live && setDescription((typed) => typed ?? text));
    return () => {
      live = false;
    };
  }, [saved, loadDescription]);

  const save = async (asNew: boolean) => {
    setBusy(true);
    const ok = await onSave({ name: name.trim(), description: description ?? '', asNew });
    setBusy(false);
    if (ok) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) void save(false);
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
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        {!name.trim() && <p className="form-error">The name cannot be empty.</p>}
        <div className="sqllab-dialog__actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          {saved && (
            <button type="button" disabled={busy || !name.trim()} onClick={() => void save(true)}>
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
