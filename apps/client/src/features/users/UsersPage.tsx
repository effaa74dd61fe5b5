import { useEffect, useState, type FormEvent } from 'react';
import { useStoreState } from '../../shared/use-store-state';
import type { UserRow } from '@strata/domain';
import type { NewUser, UsersFeature } from './users.feature';
import './users.css';

/** Security admin: every user with their roles, a form to add one, and role changes in place. */
export function UsersPage({ users }: { users: UsersFeature }) {
  const state = useStoreState(users.store.state$);
  useEffect(() => users.load(), [users]);

  return (
    <div className="users-page">
      <h1>Users</h1>
      <CreateUserForm roles={state.roles} onCreate={(user) => users.create(user)} />
      <section className="card">
        <h2>All users</h2>
        {state.loadError && <p className="form-error">{state.loadError}</p>}
        {state.users === null ? (
          !state.loadError && <p className="muted">Loading users…</p>
        ) : (
          <table className="data" aria-label="Users">
            <thead>
              <tr>
                <th>Username</th>
                <th>Name</th>
                <th>Email</th>
                <th>Roles</th>
                <th>Active</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {state.users.map((user) => (
                <UserRowView
                  key={user.id}
                  user={user}
                  roles={state.roles}
                  onChangeRoles={(roles) => users.changeRoles(user.id, roles)}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

const EMPTY_FORM: NewUser = { username: '', password: '', first_name: '', last_name: '', email: '', roles: [] };

function CreateUserForm({
  roles,
  onCreate,
}: {
  roles: readonly string[];
  onCreate: (user: NewUser) => Promise<boolean>;
}) {
  // What is being typed is the form's own business until it is submitted.
  const [form, setForm] = useState<NewUser>(EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Omit<NewUser, 'roles'>) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const created = await onCreate({ ...form, username: form.username.trim() });
    setBusy(false);
    if (created) setForm(EMPTY_FORM);
  };

  return (
    <form className="card users-create" onSubmit={(e) => void submit(e)} aria-label="Create a user">
      <h2>Create a user</h2>
      <div className="users-create__grid">
        <label>
          Username
          <input name="username" required autoComplete="off" value={form.username} onChange={set('username')} />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            required
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
        </label>
        <label>
          First name
          <input name="first_name" value={form.first_name} onChange={set('first_name')} />
        </label>
        <label>
          Last name
          <input name="last_name" value={form.last_name} onChange={set('last_name')} />
        </label>
        <label>
          Email
          <input name="email" type="email" value={form.email} onChange={set('email')} />
        </label>
      </div>
      <RolePicker
        legend="Roles"
        roles={roles}
        selected={form.roles}
        onChange={(selected) => setForm((f) => ({ ...f, roles: selected }))}
      />
      <button type="submit" className="primary" disabled={busy || form.roles.length === 0}>
        Create user
      </button>
      {form.roles.length === 0 && <span className="muted users-create__hint">Pick at least one role.</span>}
    </form>
  );
}

function UserRowView({
  user,
  roles,
  onChangeRoles,
}: {
  user: UserRow;
  roles: readonly string[];
  onChangeRoles: (roles: string[]) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (editing === null) return;
    setBusy(true);
    const changed = await onChangeRoles(editing);
    setBusy(false);
    if (changed) setEditing(null);
  };

  return (
    <tr data-testid={`user-${user.username}`}>
      <td>{user.username}</td>
      <td>{[user.first_name, user.last_name].filter(Boolean).join(' ')}</td>
      <td>{user.email}</td>
      <td>
        {editing === null ? (
          user.roles.map((role) => (
            <span key={role} className="badge">
              {role}
            </span>
          ))
        ) : (
          <RolePicker legend={`Roles of ${user.username}`} roles={roles} selected={editing} onChange={setEditing} />
        )}
      </td>
      <td>{user.active ? 'Yes' : 'No'}</td>
      <td className="users-actions">
        {editing === null ? (
          <button type="button" onClick={() => setEditing([...user.roles])}>
            Edit roles
          </button>
        ) : (
          <>
            <button
              type="button"
              className="primary"
              disabled={busy || editing.length === 0}
              onClick={() => void save()}
            >
              Save
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

function RolePicker({
  legend,
  roles,
  selected,
  onChange,
}: {
  legend: string;
  roles: readonly string[];
  selected: readonly string[];
  onChange: (roles: string[]) => void;
}) {
  const toggle = (role: string) =>
    onChange(selected.includes(role) ? selected.filter((r) => r !== role) : [...selected, role]);
  return (
    <fieldset className="role-picker">
      <legend>{legend}</legend>
      {roles.map((role) => (
        <label key={role} className="role-picker__option">
          <input type="checkbox" checked={selected.includes(role)} onChange={() => toggle(role)} />
          {role}
        </label>
      ))}
    </fieldset>
  );
}
