import { useEffect, useState, type FormEvent } from 'react';
import { useStoreState } from '../../shared/use-store-state';
import { RolePicker } from './RolePicker';
import { RolesList } from './RolesList';
import type { NewUser, UsersFeature } from './users.feature';
import { UserRowView } from './UserRowView';
import './users.css';

/**
 * Security admin: every user with their roles and actions, a form to add one, and the roles list.
 * `signedInId`: the admin looking at the page, whose own row offers no way to lock themselves out.
 */
export function UsersPage({ users, signedInId = null }: { users: UsersFeature; signedInId?: number | null }) {
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
                  isSelf={user.id === signedInId}
                  onUpdate={(changes, what) => users.update(user.id, changes, what)}
                  onDelete={() => users.remove(user)}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
      <RolesList
        roles={state.roles}
        permissions={state.rolePermissions}
        customRoles={state.customRoles}
        users={users}
      />
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
