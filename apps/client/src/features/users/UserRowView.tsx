import { useState, type FormEvent } from 'react';
import { isAdmin, SELF_LOCKOUT, type UserRow } from '@strata/domain';
import { RolePicker } from './RolePicker';
import type { UserChanges } from './users.feature';

type Mode = 'view' | 'edit' | 'password' | 'delete';

/**
 * One user in the admin's table, with what can be done to them: edit the details and roles, deactivate or
 * reactivate, reset the password (the admin sets a new one: no mail server is needed, and the user's
 * sessions end), delete after a confirmation. On the signed-in admin's own row Deactivate, Delete and the
 * Admin role's box are disabled with the reason as their title (they would lock themselves out; the
 * server refuses it too); the last-admin refusal comes from the server, which alone knows every admin.
 */
export function UserRowView({
  user,
  roles,
  isSelf,
  onUpdate,
  onDelete,
}: {
  user: UserRow;
  roles: readonly string[];
  /** This row is the signed-in user. */
  isSelf: boolean;
  onUpdate: (changes: UserChanges, what: string) => Promise<boolean>;
  onDelete: () => Promise<boolean>;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await action();
    setBusy(false);
    if (ok) setMode('view');
  };

  return (
    <>
      <tr data-testid={`user-${user.username}`}>
        <td>{user.username}</td>
        <td>{[user.first_name, user.last_name].filter(Boolean).join(' ')}</td>
        <td>{user.email}</td>
        <td>
          {user.roles.map((role) => (
            <span key={role} className="badge">
              {role}
            </span>
          ))}
        </td>
        <td>{user.active ? 'Yes' : 'No'}</td>
        <td className="users-actions">
          <button type="button" onClick={() => setMode('edit')} disabled={busy}>
            Edit
          </button>
          <button
            type="button"
            disabled={busy || (isSelf && user.active)}
            title={isSelf && user.active ? SELF_LOCKOUT.deactivate : undefined}
            onClick={() =>
              void run(() => onUpdate({ active: !user.active }, user.active ? 'deactivated' : 'reactivated'))
            }
          >
            {user.active ? 'Deactivate' : 'Reactivate'}
          </button>
          <button type="button" onClick={() => setMode('password')} disabled={busy}>
            Reset password
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => setMode('delete')}
            disabled={busy || isSelf}
            title={isSelf ? SELF_LOCKOUT.delete : undefined}
          >
            Delete
          </button>
        </td>
      </tr>
      {mode !== 'view' && (
        <tr data-testid={`user-${user.username}-panel`}>
          <td colSpan={6}>
            {mode === 'edit' && (
              <EditUserForm
                user={user}
                roles={roles}
                isSelf={isSelf}
                busy={busy}
                onCancel={() => setMode('view')}
                onSave={(changes) => void run(() => onUpdate(changes, 'edited'))}
              />
            )}
            {mode === 'password' && (
              <ResetPasswordForm
                username={user.username}
                busy={busy}
                onCancel={() => setMode('view')}
                onSave={(password) => void run(() => onUpdate({ password }, 'reset the password of'))}
              />
            )}
            {mode === 'delete' && (
              <div role="alertdialog" aria-label={`Delete ${user.username}`} className="users-confirm">
                <p>
                  Delete {user.username}? Their sessions end now and the account cannot be restored; deactivating keeps
                  it for later.
                </p>
                <button type="button" className="danger" disabled={busy} onClick={() => void run(onDelete)}>
                  Yes, delete {user.username}
                </button>
                <button type="button" onClick={() => setMode('view')}>
                  Cancel
                </button>
              </div>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

function EditUserForm({
  user,
  roles,
  isSelf,
  busy,
  onSave,
  onCancel,
}: {
  user: UserRow;
  roles: readonly string[];
  isSelf: boolean;
  busy: boolean;
  onSave: (changes: UserChanges) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    roles: [...user.roles],
  });
  const field = (name: 'first_name' | 'last_name' | 'email', label: string) => (
    <label>
      {label}
      <input name={name} value={form[name]} onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))} />
    </label>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(form);
  };
  // An admin keeps their own Admin role (the domain refuses taking it away, SELF_LOCKOUT.demote).
  const locked: Record<string, string> =
    isSelf && isAdmin(user)
      ? Object.fromEntries(roles.filter((r) => isAdmin({ roles: [r] })).map((r) => [r, SELF_LOCKOUT.demote]))
      : {};
  return (
    <form aria-label={`Edit ${user.username}`} onSubmit={submit} className="users-edit">
      <div className="users-create__grid">
        {field('first_name', 'First name')}
        {field('last_name', 'Last name')}
        {field('email', 'Email')}
      </div>
      <RolePicker
        legend={`Roles of ${user.username}`}
        roles={roles}
        selected={form.roles}
        locked={locked}
        onChange={(selected) => setForm((f) => ({ ...f, roles: selected }))}
      />
      <button type="submit" className="primary" disabled={busy || form.roles.length === 0}>
        Save
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function ResetPasswordForm({
  username,
  busy,
  onSave,
  onCancel,
}: {
  username: string;
  busy: boolean;
  onSave: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(password);
  };
  return (
    <form aria-label={`Reset the password of ${username}`} onSubmit={submit} className="users-edit">
      <label>
        New password
        <input
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <span className="muted">Give it to {username} in person; their open sessions end.</span>
      <button type="submit" className="primary" disabled={busy || password === ''}>
        Set password
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
