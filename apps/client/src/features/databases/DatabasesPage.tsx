import { useEffect, useState, type FormEvent } from 'react';
import type { DatabaseView } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import { DatabaseModal } from './DatabaseModal';
import type { DatabasesFeature } from './databases.feature';
import { DeleteDatabaseDialog } from './DeleteDatabaseDialog';
import './databases.css';

type Opened = { kind: 'add' } | { kind: 'edit'; database: DatabaseView } | { kind: 'delete'; database: DatabaseView };

const yes = (value: boolean) => (value ? '✓' : '–');
const BACKENDS: Record<string, string> = { postgresql: 'PostgreSQL', mysql: 'MySQL' };

/** `/databaseview/list/`: Superset's "Database Connections" for admins. */
export function DatabasesPage({ databases }: { databases: DatabasesFeature }) {
  const state = useStoreState(databases.store.state$);
  // The search box's text and the open dialog are how the page is looked at.
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<Opened | null>(null);
  useEffect(() => databases.load(''), [databases]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    databases.load(search);
  };

  return (
    <div className="databases-page">
      <header className="databases-page__header">
        <h1>Databases</h1>
        <button type="button" className="primary" onClick={() => setOpened({ kind: 'add' })}>
          + Database
        </button>
      </header>
      <form className="databases-page__search" role="search" onSubmit={submit}>
        <input
          aria-label="Search databases"
          placeholder="Type a value"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
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
                    <button type="button" className="link" onClick={() => setOpened({ kind: 'edit', database: db })}>
                      Edit
                    </button>
                    <button type="button" className="link" onClick={() => setOpened({ kind: 'delete', database: db })}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {opened?.kind === 'add' && (
        <DatabaseModal databases={databases} database={null} onClose={() => setOpened(null)} />
      )}
      {opened?.kind === 'edit' && (
        <DatabaseModal
          key={opened.database.id}
          databases={databases}
          database={opened.database}
          onClose={() => setOpened(null)}
        />
      )}
      {opened?.kind === 'delete' && (
        <DeleteDatabaseDialog databases={databases} database={opened.database} onClose={() => setOpened(null)} />
      )}
    </div>
  );
}
