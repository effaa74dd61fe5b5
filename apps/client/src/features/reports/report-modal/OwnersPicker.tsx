import { useEffect, useId, useState } from 'react';
import type { OwnerOption, ReportsApi } from '../api/reports-api';
import { FieldError } from './SchedulePicker';

/** How long the search waits for the typing to pause before it asks the server. */
const SEARCH_PAUSE_MS = 250;

/**
 * The schedule's owners (Superset's AlertReportModal "Owners"): the chosen ones by name, each removable, and
 * a search of the active users (GET /api/v1/report/related/owners) whose matches are added with a click.
 * The matches are a read for this dialog, not a fact of the page (as the content and database pickers).
 */
export function OwnersPicker({
  api,
  owners,
  names,
  editing,
  onChange,
  error,
}: {
  api: ReportsApi;
  owners: number[];
  names: Record<number, string>;
  editing: boolean;
  onChange(owners: number[], names: Record<number, string>): void;
  error: string | null;
}) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ count: number; owners: OwnerOption[] } | 'failed' | null>(null);
  const labelId = useId();

  useEffect(() => {
    if (!text.trim()) {
      setFound(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api.relatedOwners(text.trim()).then(
        (answer) => live && setFound(answer),
        () => live && setFound('failed'),
      );
    }, SEARCH_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, text]);

  const nameOf = (id: number) => names[id] ?? `User #${id}`;
  const matches = found && found !== 'failed' ? found.owners.filter((o) => !owners.includes(o.id)) : [];
  return (
    <div
      className="report-modal__field report-modal__owners"
      data-field="owners"
      role="group"
      aria-labelledby={labelId}
    >
      <span id={labelId} className="report-modal__label">
        Owners
      </span>
      <ul aria-label="Owners" className="report-modal__chips">
        {owners.map((id) => (
          <li key={id}>
            {nameOf(id)}
            <button
              type="button"
              aria-label={`Remove ${nameOf(id)}`}
              onClick={() =>
                onChange(
                  owners.filter((o) => o !== id),
                  names,
                )
              }
            >
              ×
            </button>
          </li>
        ))}
        {owners.length === 0 && (
          <li className="muted">{editing ? 'No owners: only admins may edit it.' : 'You, as its creator.'}</li>
        )}
      </ul>
      <input
        type="search"
        aria-label="Search owners"
        placeholder="Search users by name or username"
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
      />
      {found === 'failed' && <span className="form-error">The users could not be searched.</span>}
      {found && found !== 'failed' && (
        <ul aria-label="Matching users" className="report-modal__matches">
          {matches.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                aria-label={`Add ${user.label}`}
                onClick={() => onChange([...owners, user.id], { ...names, [user.id]: user.label })}
              >
                {user.label}
              </button>
            </li>
          ))}
          {matches.length === 0 && (
            <li className="muted">
              {found.owners.length ? 'Every match is an owner already.' : 'No active user matches.'}
            </li>
          )}
          {found.count > found.owners.length && (
            <li className="muted">{found.count - found.owners.length} more: type more of the name.</li>
          )}
        </ul>
      )}
      <FieldError field="owners" error={error} />
    </div>
  );
}
