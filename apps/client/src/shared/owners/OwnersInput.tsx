import { useId, type ReactNode } from 'react';
import './owners-input.css';

/** A user the search found. */
export interface OwnerMatch {
  id: number;
  label: string;
  email?: string;
}

/** The search of users as the dialog shows it; who asks the server, and when, is the dialog's. */
export type OwnerSearchView =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'failed'; message: string }
  | { status: 'found'; results: OwnerMatch[]; count: number };

/**
 * An object's owners in a dialog (Superset's owners select, as in the dashboard properties and the report
 * modal): the chosen ones by name, each removable, and a search of the active users whose matches are
 * added with a click. What is typed is form input; the chosen owners and the matches are the caller's.
 */
export function OwnersInput({
  owners,
  nameOf,
  emptyText,
  search,
  onSearch,
  onRemove,
  onAdd,
  className = '',
  field,
  children,
}: {
  owners: readonly number[];
  nameOf(id: number): string;
  /** What an empty list means here (who may edit then). */
  emptyText: string;
  search: OwnerSearchView;
  /** The text typed, as typed. */
  onSearch(text: string): void;
  onRemove(id: number): void;
  onAdd(user: OwnerMatch): void;
  className?: string;
  /** `data-field` of the group, for a refusal shown on the field. */
  field?: string;
  /** Below the matches: the field's refusal, if any. */
  children?: ReactNode;
}) {
  const labelId = useId();
  const matches = search.status === 'found' ? search.results.filter((r) => !owners.includes(r.id)) : [];
  return (
    <div className={`owners-input ${className}`.trim()} data-field={field} role="group" aria-labelledby={labelId}>
      <span id={labelId} className="owners-input__label">
        Owners
      </span>
      <ul aria-label="Owners" className="owners-input__chips">
        {owners.map((id) => (
          <li key={id}>
            {nameOf(id)}
            <button type="button" aria-label={`Remove ${nameOf(id)}`} onClick={() => onRemove(id)}>
              ×
            </button>
          </li>
        ))}
        {owners.length === 0 && <li className="muted">{emptyText}</li>}
      </ul>
      <input
        type="search"
        aria-label="Search owners"
        placeholder="Search users by name or username"
        maxLength={200}
        onChange={(e) => onSearch(e.target.value)}
      />
      {search.status === 'searching' && (
        <span role="status" className="muted">
          Searching…
        </span>
      )}
      {search.status === 'failed' && <span className="form-error">{search.message}</span>}
      {search.status === 'found' && (
        <ul aria-label="Matching users" className="owners-input__matches">
          {matches.map((user) => (
            <li key={user.id}>
              <button type="button" aria-label={`Add ${user.label}`} onClick={() => onAdd(user)}>
                {user.label}
              </button>
              {user.email && <span className="muted"> {user.email}</span>}
            </li>
          ))}
          {matches.length === 0 && (
            <li className="muted">
              {search.results.length ? 'Every match is an owner already.' : 'No active user matches.'}
            </li>
          )}
          {search.count > search.results.length && (
            <li className="muted">{search.count - search.results.length} more: type more of the name.</li>
          )}
        </ul>
      )}
      {children}
    </div>
  );
}
