import { useId, useState } from 'react';
import type { DashboardPropertiesState } from '@strata/domain';
import type { DashboardPropertiesFeature } from './dashboard-properties.feature';

/**
 * The owners of the properties dialog: the chosen ones by name, each removable, and a search of the
 * active users (GET /api/v1/dashboard/related/owners, open to everyone who may edit dashboards) whose
 * matches are added with a click. The search asks once the typing pauses (the feature debounces).
 */
export function OwnersField({
  properties,
  state,
  owners,
  onChange,
}: {
  properties: DashboardPropertiesFeature;
  state: DashboardPropertiesState;
  owners: number[];
  onChange: (owners: number[]) => void;
}) {
  // What is typed is form input; the matches are the store's.
  const [text, setText] = useState('');
  const labelId = useId();
  const search = state.ownerSearch;
  const nameOf = (id: number) => state.ownerNames[String(id)] ?? `User #${id}`;
  const matches = search.results.filter((r) => !owners.includes(r.id));
  const more = search.count - search.results.length;

  return (
    <div className="dashboard-properties__owners" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="dashboard-properties__label">
        Owners
      </span>
      <ul aria-label="Owners" className="dashboard-properties__chips">
        {owners.map((id) => (
          <li key={id}>
            {nameOf(id)}
            <button
              type="button"
              aria-label={`Remove ${nameOf(id)}`}
              onClick={() => onChange(owners.filter((o) => o !== id))}
            >
              ×
            </button>
          </li>
        ))}
        {owners.length === 0 && <li className="muted">No owners: only admins may edit it.</li>}
      </ul>
      <input
        type="search"
        aria-label="Search owners"
        placeholder="Search users by name or username"
        value={text}
        maxLength={200}
        onChange={(e) => {
          setText(e.target.value);
          properties.searchOwners(e.target.value.trim());
        }}
      />
      {search.status === 'searching' && (
        <span role="status" className="muted">
          Searching…
        </span>
      )}
      {search.status === 'failed' && <span className="form-error">{search.message}</span>}
      {search.status === 'found' && (
        <ul aria-label="Matching users" className="dashboard-properties__matches">
          {matches.map((user) => (
            <li key={user.id}>
              <button type="button" aria-label={`Add ${user.label}`} onClick={() => onChange([...owners, user.id])}>
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
          {more > 0 && <li className="muted">{more} more: type more of the name.</li>}
        </ul>
      )}
    </div>
  );
}
