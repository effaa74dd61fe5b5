import { useEffect, useId, useState } from 'react';
import type { DatabaseView } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import type { DatabasesFeature } from './databases.feature';

/**
 * Delete, after showing what uses the database. As Superset, a database with datasets cannot be
 * deleted (the server refuses too): the dialog lists them and the charts built on them, and offers no
 * override; an unused database is deleted once the admin types DELETE.
 */
export function DeleteDatabaseDialog({
  databases,
  database,
  onClose,
}: {
  databases: DatabasesFeature;
  database: DatabaseView;
  onClose: () => void;
}) {
  const titleId = useId();
  const { related } = useStoreState(databases.store.state$);
  const used = related[database.id];
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => void databases.loadRelated(database.id), [databases, database.id]);

  const remove = async () => {
    setBusy(true);
    const outcome = await databases.remove(database.id, database.database_name);
    setBusy(false);
    if (outcome.ok) onClose();
    else setRefusal(outcome.message);
  };

  const blocked = used !== undefined && used.datasets.count > 0;
  return (
    <div className="modal-backdrop">
      <div className="modal database-delete" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="modal__header">
          <h2 id={titleId}>Delete database {database.database_name}?</h2>
        </header>
        <div className="modal__body">
          {used === undefined ? (
            <p className="muted">Looking for what uses it…</p>
          ) : blocked ? (
            <>
              <p role="alert">
                The database {database.database_name} is used by {used.datasets.count} dataset(s) and{' '}
                {used.charts.count} chart(s). Delete its datasets first: a database with datasets cannot be deleted.
              </p>
              <RelatedList
                title="Datasets"
                items={used.datasets.result.map((d) => ({ id: d.id, name: qualified(d) }))}
              />
              <RelatedList
                title="Charts"
                items={used.charts.result.map((c) => ({ id: c.id, name: c.slice_name }))}
                href={(id) => `/explore/?slice_id=${id}`}
              />
            </>
          ) : (
            <>
              <p>No dataset or chart uses this database. Type DELETE to confirm.</p>
              <input aria-label="Type DELETE to confirm" value={typed} onChange={(e) => setTyped(e.target.value)} />
            </>
          )}
          {refusal && (
            <p role="alert" className="form-error">
              {refusal}
            </p>
          )}
        </div>
        <footer className="modal__footer">
          <span className="modal__spacer" />
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
            disabled={busy || blocked || used === undefined || typed !== 'DELETE'}
            onClick={() => void remove()}
          >
            Delete
          </button>
        </footer>
      </div>
    </div>
  );
}

const qualified = (d: { table_name: string; schema: string | null }) =>
  d.schema ? `${d.schema}.${d.table_name}` : d.table_name;

function RelatedList({
  title,
  items,
  href,
}: {
  title: string;
  items: { id: number; name: string }[];
  href?: (id: number) => string;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.id}>{href ? <a href={href(item.id)}>{item.name}</a> : item.name}</li>
        ))}
      </ul>
    </section>
  );
}
