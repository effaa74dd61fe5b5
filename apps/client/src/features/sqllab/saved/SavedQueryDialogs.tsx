import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SavedQueryListRow } from '@strata/domain';
import type { SavedQueriesFeature, SavedQueryOutcome } from './saved-queries.feature';

/** The address that opens a saved query in a new SQL Lab tab (SqlLabPage reads `savedQueryId`). */
export const savedQueryPath = (id: number) => `/sqllab/?savedQueryId=${id}`;

function Dialog({
  title,
  children,
  footer,
  className,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <div className="modal-backdrop">
      <div className={`modal ${className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="modal__header">
          <h2 id={titleId}>{title}</h2>
        </header>
        <div className="modal__body">{children}</div>
        <footer className="modal__footer">
          <span className="modal__spacer" />
          {footer}
        </footer>
      </div>
    </div>
  );
}

/** Runs a change, keeps the dialog open with the server's refusal, closes it on success. */
function useChange(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (change: () => Promise<SavedQueryOutcome>) => {
    setBusy(true);
    const outcome = await change();
    setBusy(false);
    if (outcome.ok) onClose();
    else setRefusal(outcome.message);
  };
  return { busy, refusal, run };
}

/** The whole SQL of a saved query, read-only, with a way to open it. */
export function PreviewSavedQuery({ row, onClose }: { row: SavedQueryListRow; onClose: () => void }) {
  return (
    <Dialog
      title={`Query preview: ${row.label}`}
      className="saved-query-dialog"
      footer={
        <>
          <button type="button" onClick={onClose}>
            Close
          </button>
          <Link className="button" to={savedQueryPath(row.id)}>
            Open in SQL Lab
          </Link>
        </>
      }
    >
      <pre className="saved-query-preview" aria-label="SQL of the saved query">
        {row.sql}
      </pre>
    </Dialog>
  );
}

/** Edit a saved query's name, description and SQL (PUT); an empty name is refused here and by the server. */
export function EditSavedQuery({
  saved,
  row,
  onClose,
}: {
  saved: SavedQueriesFeature;
  row: SavedQueryListRow;
  onClose: () => void;
}) {
  const [label, setLabel] = useState(row.label);
  const [description, setDescription] = useState(row.description ?? '');
  const [sql, setSql] = useState(row.sql);
  const { busy, refusal, run } = useChange(onClose);
  const save = () => run(() => saved.edit(row.id, { label: label.trim(), description, sql }));
  return (
    <Dialog
      title={`Edit saved query ${row.label}`}
      className="saved-query-dialog"
      footer={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={busy || label.trim() === ''} onClick={() => void save()}>
            Save
          </button>
        </>
      }
    >
      <label className="field">
        Name
        <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={256} />
      </label>
      <label className="field">
        Description
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
      </label>
      <label className="field">
        SQL
        <textarea className="saved-query-sql" value={sql} onChange={(e) => setSql(e.target.value)} rows={10} />
      </label>
      {refusal && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
    </Dialog>
  );
}

/** Delete after a confirmation that names the query; the server's refusal (not the owner) shows here. */
export function DeleteSavedQuery({
  saved,
  row,
  onClose,
}: {
  saved: SavedQueriesFeature;
  row: SavedQueryListRow;
  onClose: () => void;
}) {
  const { busy, refusal, run } = useChange(onClose);
  return (
    <Dialog
      title="Delete saved query?"
      footer={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => void run(() => saved.remove(row.id))}>
            Delete
          </button>
        </>
      }
    >
      <p>The saved query “{row.label}” will be deleted.</p>
      {refusal && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
    </Dialog>
  );
}
