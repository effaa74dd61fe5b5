import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SearchBox } from '../../../shared/search-box/SearchBox';
import { useStoreState } from '../../../shared/use-store-state';
import type { Person } from '../api/datasets-api';
import type { DatasetsFeature } from '../datasets.feature';
import { editorPathOf, explorePathOf } from '../paths';
import { CreateDatasetModal } from './CreateDatasetModal';
import { filtersOf, LIST_PAGE_SIZE, searchOf, type DatasetListFilters } from './dataset-list-url';
import '../datasets.css';

const personName = (p: Person) => [p.first_name, p.last_name].filter(Boolean).join(' ') || `user ${p.id}`;

/**
 * `/tablemodelview/list/` (issue 15 item 2, Superset's DatasetList): the datasets with their type,
 * database, schema, owners and last change; search and filters (database, schema, owner, certified) in
 * the address; "+ Dataset" creates one from a table or a query; a name opens the editor.
 */
export function DatasetListPage({ datasets, canWrite }: { datasets: DatasetsFeature; canWrite: boolean }) {
  const { list, pickers: loaded } = useStoreState(datasets.store.state$);
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersOf(new URLSearchParams(location.search));
  const key = searchOf(filters);
  // An open dialog and a pending confirmation: how the page is looked at, not facts. The pickers' lists
  // are the store's; the search box keeps the text being typed until it lands in the address.
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  useEffect(() => {
    void datasets.loadPickers();
  }, [datasets]);
  const databaseId = filters.databaseId;
  useEffect(() => {
    if (databaseId !== null) void datasets.loadSchemaOptions(databaseId);
  }, [datasets, databaseId]);
  const pickers = {
    databases: loaded.databases,
    owners: loaded.owners,
    schemas: databaseId === null ? [] : (loaded.schemas[databaseId] ?? []),
  };

  useEffect(() => {
    void datasets.load(filtersOf(new URLSearchParams(key)));
  }, [datasets, key]);

  const go = (next: Partial<DatasetListFilters>) =>
    void navigate({ search: searchOf({ ...filters, page: 0, ...next }) }, { replace: true });

  const pages = Math.max(1, Math.ceil(list.count / LIST_PAGE_SIZE));
  return (
    <div className="card datasets">
      <div className="datasets__head">
        <h1>Datasets</h1>
        <span className="datasets__spacer" />
        {canWrite && (
          <button
            type="button"
            className="primary"
            onClick={() => {
              // Each opening starts empty: the fold forgets the last one's choices and refusal.
              datasets.openCreateDialog();
              setCreating(true);
            }}
          >
            + Dataset
          </button>
        )}
      </div>
      <div className="datasets__filters" role="search">
        <SearchBox
          label="Search datasets"
          placeholder="Search by name"
          search={filters.search}
          onSearch={(search) => go({ search })}
        />
        <label>
          Database{' '}
          <select
            aria-label="Database"
            value={filters.databaseId ?? ''}
            onChange={(e) => go({ databaseId: e.target.value ? Number(e.target.value) : null, schema: null })}
          >
            <option value="">All</option>
            {pickers.databases.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Schema{' '}
          <select
            aria-label="Schema"
            value={filters.schema ?? ''}
            onChange={(e) => go({ schema: e.target.value || null })}
          >
            <option value="">All</option>
            {[...new Set([...pickers.schemas, ...(filters.schema ? [filters.schema] : [])])].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Owner{' '}
          <select
            aria-label="Owner"
            value={filters.ownerId ?? ''}
            onChange={(e) => go({ ownerId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">All</option>
            {pickers.owners.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Certified{' '}
          <select
            aria-label="Certified"
            value={filters.certified === null ? '' : String(filters.certified)}
            onChange={(e) => go({ certified: e.target.value === '' ? null : e.target.value === 'true' })}
          >
            <option value="">All</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        </label>
        {list.loading && <span className="muted">Loading…</span>}
      </div>
      {list.error && <div className="form-error">{list.error}</div>}
      <table className="data" aria-label="Datasets">
        <thead>
          <tr>
            <th>Name</th>
            <th>Type</th>
            <th>Database</th>
            <th>Schema</th>
            <th>Owners</th>
            <th>Modified</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.id} data-testid={`dataset-row-${row.id}`}>
              <td>
                <Link to={editorPathOf(row.id)}>{row.table_name}</Link>
                {[...row.metrics, ...row.columns].some((f) => f.certified_by) && (
                  <span className="datasets__certified" title="Has certified metrics or columns">
                    {' '}
                    ✔
                  </span>
                )}
              </td>
              <td>{row.kind === 'virtual' ? 'Virtual' : 'Physical'}</td>
              <td>{row.database.database_name}</td>
              <td>{row.schema}</td>
              <td>{row.owners.map(personName).join(', ')}</td>
              <td>{new Date(row.changed_on).toLocaleString()}</td>
              <td className="datasets__actions">
                <Link to={explorePathOf(row.id)}>Explore</Link>
                {canWrite && <Link to={editorPathOf(row.id)}>Edit</Link>}
                {canWrite && (
                  <button type="button" className="link danger" onClick={() => setConfirming(row.id)}>
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
          {!list.loading && list.rows.length === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                No datasets match.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {confirming !== null && (
        <div className="datasets__confirm" role="alertdialog" aria-label="Confirm">
          Delete the dataset {list.rows.find((r) => r.id === confirming)?.table_name}? Charts built on it stop working.{' '}
          <button
            type="button"
            className="danger"
            onClick={() => void datasets.remove(confirming).then(() => setConfirming(null))}
          >
            Delete
          </button>
          <button type="button" onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </div>
      )}
      {pages > 1 && (
        <nav className="datasets__pager" aria-label="Pages">
          <button type="button" disabled={filters.page === 0} onClick={() => go({ page: filters.page - 1 })}>
            Previous
          </button>
          <span>
            Page {filters.page + 1} of {pages}
          </span>
          <button type="button" disabled={filters.page + 1 >= pages} onClick={() => go({ page: filters.page + 1 })}>
            Next
          </button>
        </nav>
      )}
      {creating && (
        <CreateDatasetModal
          datasets={datasets}
          databases={pickers.databases}
          onClose={() => setCreating(false)}
          onCreated={(id) => void navigate(editorPathOf(id))}
        />
      )}
    </div>
  );
}
