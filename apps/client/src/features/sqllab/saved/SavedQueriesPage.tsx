import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SavedQueryListRow } from '@strata/domain';
import { absoluteUrl } from '../../../shared/absolute-url';
import { useStoreState } from '../../../shared/use-store-state';
import { copyToClipboard } from '../../errors/clipboard';
import { DeleteSavedQuery, EditSavedQuery, PreviewSavedQuery, savedQueryPath } from './SavedQueryDialogs';
import { SAVED_PAGE_SIZE, type SavedQueriesFeature } from './saved-queries.feature';
import './saved-queries.css';

/** Which dialog is open, on which row: a view toggle, not a fact. */
type Open = { kind: 'preview' | 'edit' | 'delete'; row: SavedQueryListRow } | null;

/**
 * The saved queries list (/sqllab/saved_queries/): search, pages, open one in a new SQL Lab tab; preview
 * its SQL, edit, delete, copy a link to it (issue 15 item 4); star it for the home page's favourites
 * (issue 15 item 6).
 */
export function SavedQueriesPage({ saved }: { saved: SavedQueriesFeature }) {
  const state = useStoreState(saved.store.state$);
  // What is typed in the search box before it is sent.
  const [search, setSearch] = useState(state.search);
  const [open, setOpen] = useState<Open>(null);
  // What the last "Copy link" or refused star did, said next to the list.
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => void saved.load(search.trim(), 0), 250);
    return () => clearTimeout(timer);
  }, [saved, search]);

  const copyLink = async (row: SavedQueryListRow) => {
    const url = absoluteUrl(savedQueryPath(row.id));
    setNotice((await copyToClipboard(url)) ? `Link to “${row.label}” copied: ${url}` : `Copy this link: ${url}`);
  };
  const toggleStar = async (row: SavedQueryListRow) => {
    const starred = state.favorites[row.id] === true;
    const outcome = await saved.toggleStar(row.id);
    setNotice(outcome.ok ? null : `Could not ${starred ? 'unstar' : 'star'} “${row.label}”: ${outcome.message}`);
  };

  const pages = Math.max(1, Math.ceil(state.count / SAVED_PAGE_SIZE));
  const close = () => setOpen(null);
  return (
    <div className="card saved-queries">
      <h1>Saved queries</h1>
      <p>
        <Link to="/sqllab/">Back to SQL Lab</Link> · <Link to="/sqllab/history/">Query history</Link>
      </p>
      <label>
        Search
        <input
          aria-label="Search saved queries"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Label contains…"
        />
      </label>
      {state.error && <p className="form-error">{state.error}</p>}
      {notice && (
        <p role="status" className="muted">
          {notice}
        </p>
      )}
      <table className="data" aria-label="Saved queries">
        <thead>
          <tr>
            <th aria-label="Favorite" />
            <th>Label</th>
            <th>Description</th>
            <th>Schema</th>
            <th>SQL</th>
            <th>Modified</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {(state.rows ?? []).map((row) => (
            <tr key={row.id} data-testid={`saved-query-${row.id}`}>
              <td>
                <button
                  type="button"
                  className="link-button saved-queries__star"
                  aria-label={state.favorites[row.id] ? `Unstar ${row.label}` : `Star ${row.label}`}
                  aria-pressed={state.favorites[row.id] === true}
                  onClick={() => void toggleStar(row)}
                >
                  {state.favorites[row.id] ? '★' : '☆'}
                </button>
              </td>
              <td>
                <Link to={savedQueryPath(row.id)}>{row.label}</Link>
              </td>
              <td>{row.description}</td>
              <td>{row.schema}</td>
              <td>
                <code>{row.sql.length > 80 ? `${row.sql.slice(0, 80)}…` : row.sql}</code>
              </td>
              <td className="muted">{row.changed_on ? new Date(row.changed_on).toLocaleString() : ''}</td>
              <td className="saved-queries__actions">
                <button type="button" className="link-button" onClick={() => setOpen({ kind: 'preview', row })}>
                  Preview
                </button>
                <button type="button" className="link-button" onClick={() => setOpen({ kind: 'edit', row })}>
                  Edit
                </button>
                <button type="button" className="link-button" onClick={() => void copyLink(row)}>
                  Copy link
                </button>
                <button type="button" className="link-button" onClick={() => setOpen({ kind: 'delete', row })}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {state.rows?.length === 0 && (
        <p className="muted">No saved queries{state.search ? ` match “${state.search}”` : ''}.</p>
      )}
      {pages > 1 && (
        <p>
          <button
            type="button"
            disabled={state.page === 0}
            onClick={() => void saved.load(state.search, state.page - 1)}
          >
            Previous
          </button>{' '}
          Page {state.page + 1} of {pages}{' '}
          <button
            type="button"
            disabled={state.page + 1 >= pages}
            onClick={() => void saved.load(state.search, state.page + 1)}
          >
            Next
          </button>
        </p>
      )}
      {open?.kind === 'preview' && <PreviewSavedQuery row={open.row} onClose={close} />}
      {open?.kind === 'edit' && <EditSavedQuery saved={saved} row={open.row} onClose={close} />}
      {open?.kind === 'delete' && <DeleteSavedQuery saved={saved} row={open.row} onClose={close} />}
    </div>
  );
}
