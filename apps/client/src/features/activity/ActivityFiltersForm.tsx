import { useState, type FormEvent } from 'react';
import { ACTIVITY_OBJECT_TYPES, type ActivityFilters, type ActivityObjectType } from '@strata/domain';

/** The `datetime-local` value of an ISO time (local time, minutes), and back. */
const localInput = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const isoOf = (local: string) => (local === '' ? undefined : new Date(local).toISOString());

interface Draft {
  actor: string;
  objectType: string;
  objectId: string;
  types: string;
  since: string;
  until: string;
  text: string;
}

const draftOf = (f: ActivityFilters): Draft => ({
  actor: f.actor === undefined ? '' : String(f.actor),
  objectType: f.object?.type ?? '',
  objectId: f.object === undefined ? '' : String(f.object.id),
  types: (f.types ?? []).join(', '),
  since: localInput(f.since),
  until: localInput(f.until),
  text: f.text ?? '',
});

/**
 * The filters of the audit table. What is typed stays in the form until Apply, which puts the filters in
 * the page's address (the page reads them from there).
 */
export function ActivityFiltersForm({
  filters,
  users,
  admin,
  onApply,
}: {
  filters: ActivityFilters;
  users: readonly { id: number; username: string }[];
  admin: boolean;
  onApply: (filters: ActivityFilters) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: ActivityFilters = { page: 0, pageSize: filters.pageSize };
    if (admin && draft.actor !== '') next.actor = Number(draft.actor);
    const id = draft.objectId.trim();
    if (draft.objectType !== '' && id !== '') {
      next.object = { type: draft.objectType as ActivityObjectType, id: /^\d{1,9}$/.test(id) ? Number(id) : id };
    }
    const types = draft.types
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (types.length > 0) next.types = types;
    const since = isoOf(draft.since);
    if (since) next.since = since;
    const until = isoOf(draft.until);
    if (until) next.until = until;
    if (draft.text.trim() !== '') next.text = draft.text.trim();
    onApply(next);
  };

  return (
    <form className="card activity-filters" aria-label="Filter the activity" onSubmit={submit}>
      {admin && (
        <label>
          User
          <select name="actor" value={draft.actor} onChange={set('actor')}>
            <option value="">Everyone</option>
            {users.map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.username}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Object type
        <select name="object_type" value={draft.objectType} onChange={set('objectType')}>
          <option value="">Any</option>
          {ACTIVITY_OBJECT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t.replace('_', ' ')}
            </option>
          ))}
        </select>
      </label>
      <label>
        Object id
        <input name="object_id" value={draft.objectId} onChange={set('objectId')} size={8} />
      </label>
      <label>
        Event types
        <input name="types" value={draft.types} onChange={set('types')} placeholder="chart/chartRenamed, dashboard/…" />
      </label>
      <label>
        Since
        <input name="since" type="datetime-local" value={draft.since} onChange={set('since')} />
      </label>
      <label>
        Until
        <input name="until" type="datetime-local" value={draft.until} onChange={set('until')} />
      </label>
      <label>
        Text
        <input name="text" type="search" value={draft.text} onChange={set('text')} />
      </label>
      <button type="submit" className="primary">
        Apply
      </button>
    </form>
  );
}
