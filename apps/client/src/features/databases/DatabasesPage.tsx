import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { DatabaseView } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import { DatabaseModal } from './DatabaseModal';
import type { DatabasesFeature } from './databases.feature';
import { DeleteDatabaseDialog } from './DeleteDatabaseDialog';
import './databases.css';

const yes = (value: boolean) => (value ? '✓' : '–');
const BACKENDS: Record<string, string> = { postgresql: 'PostgreSQL', mysql: 'MySQL' };

/** `/databaseview/list/`: Superset's "Database Connections" for admins. */
export function DatabasesPage({ databases }: { databases: DatabasesFeature }) {
  const state = useStoreState(databases.store.state$);
  // The open delete dialog is how the page is looked at; the search and the add/edit form are its fold's.
  const [deleting, setDeleting] = useState<DatabaseView | null>(null);
  useEffect(() => databases.load(databases.store.getState().searchText), [databases]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    databases.load(state.searchText);
  };

  return (
    <div className="databases-page">
      <header className="databases-page__header">
        <h1>Databases</h1>
        <button type="button" className="primary" onClick={() => databases.openForm(null)}>
          + Database
        </button>
      </header>
      <form className="databases-page__search" role="search" onSubmit={submit}>
        <input
          aria-label="Search databases"
          placeholder="Type a value"
          value={state.searchText}
          onChange={(e) => databases.typeSearch(e.target.value)}
        />
        <button type="submit">Search</button>
      </form>
      <section className="card">
        {state.loadError && <p className="form-error">{state.loadError}</p>}
        {state.databases === null ? (
          !state.loadError && <p className="muted">Loading databases…</p>
        ) : state.databases.length === 0 ? (
          <p className="muted">{state.search ? `No database matches "${state.search}".` : 'No database yet.'}</p>
        ) : (
          <table className="data" aria-label="Databases">
            <thead>
              <tr>
                <th>Name</th>
                <th>Backend</th>
                <th>AQE</th>
                <th>DML</th>
                <th>CSV upload</th>
                <th>Expose in SQL Lab</th>
                <th>Last modified</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {state.databases.map((db) => (
                <tr key={db.id} data-testid={`database-${db.database_name}`}>
                  <td>{db.database_name}</td>
                  <td>{BACKENDS[db.backend] ?? db.backend}</td>
                  <td>{yes(db.allow_run_async)}</td>
                  <td>{yes(db.allow_dml)}</td>
                  <td>{yes(db.allow_file_upload)}</td>
                  <td>{yes(db.expose_in_sqllab)}</td>
                  <td>{new Date(db.changed_on).toLocaleString()}</td>
                  <td className="databases-page__actions">
                    {db.allow_file_upload && (
                      // Superset's "Upload file to database" (CSV or Excel), with this database chosen.
                      <Link
                        to={`/upload/?database=${db.id}`}
                        aria-label={`Upload a CSV or Excel file to ${db.database_name}`}
                      >
                        Upload file
                      </Link>
                    )}
                    <button type="button" className="link" onClick={() => databases.openForm(db)}>
                      Edit
                    </button>
                    <button type="button" className="link" onClick={() => setDeleting(db)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {state.form && <DatabaseModal key={state.form.databaseId ?? 'new'} databases={databases} form={state.form} />}
      {deleting && <DeleteDatabaseDialog databases={databases} database={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
