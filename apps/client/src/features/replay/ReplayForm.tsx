import { useEffect, useState, type FormEvent } from 'react';
import type { ReplayApi } from './replay-api';
import type { ReplayRequest } from './replay.feature';

const local = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * Whose session and when. Admins pick anyone; others only themselves (the audit API's 403 is the real
 * check: a hand-made address naming someone else is refused there and the page says so).
 */
export function ReplayForm({
  api,
  me,
  admin,
  initial,
  now,
  onChoose,
}: {
  api: ReplayApi;
  me: { id: number; username: string };
  admin: boolean;
  initial: Partial<ReplayRequest>;
  now: string;
  onChoose(request: ReplayRequest): void;
}) {
  const [users, setUsers] = useState<{ id: number; username: string }[]>([me]);
  useEffect(() => {
    if (!admin) return;
    let live = true;
    api.users().then(
      (list) => live && setUsers(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, admin]);
  const dayBefore = new Date(Date.parse(now) - 86_400_000).toISOString();
  const [userId, setUserId] = useState(initial.userId ?? me.id);
  const [since, setSince] = useState(local(initial.since ?? dayBefore));
  const [until, setUntil] = useState(local(initial.until ?? now));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose({ userId, since: new Date(since).toISOString(), until: new Date(until).toISOString() });
  };
  return (
    <form className="card replay-form" onSubmit={submit} aria-label="Choose a session to replay">
      <h1>Replay a session</h1>
      <label>
        User{' '}
        <select aria-label="User" value={userId} onChange={(e) => setUserId(Number(e.target.value))} disabled={!admin}>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </select>
      </label>
      <label>
        From <input type="datetime-local" aria-label="From" value={since} onChange={(e) => setSince(e.target.value)} />
      </label>
      <label>
        To <input type="datetime-local" aria-label="To" value={until} onChange={(e) => setUntil(e.target.value)} />
      </label>
      <button type="submit" className="primary">
        Replay
      </button>
      {!admin && <p className="muted">Only admins replay other users' sessions.</p>}
    </form>
  );
}
