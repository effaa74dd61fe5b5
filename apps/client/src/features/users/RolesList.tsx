import { useState, type FormEvent } from 'react';
import type { RolePermissions } from '@strata/domain';
import { PermissionChecklist } from './PermissionChecklist';
import type { UsersFeature } from './users.feature';

type Pair = [string, string];

/**
 * Every role and what it may do. The built-in roles are read-only (the domain's permission table); admins
 * add custom roles as (permission, view) pairs, edit their permissions and delete them (the server keeps a
 * role some user holds: the error modal says so). React state holds only which form is open and the
 * boxes ticked in it; the roles are the store's fold.
 */
export function RolesList({
  roles,
  permissions,
  customRoles,
  users,
}: {
  roles: readonly string[];
  permissions: RolePermissions;
  customRoles: Readonly<Record<string, number>>;
  users: Pick<UsersFeature, 'createRole' | 'replaceRolePermissions' | 'deleteRole'>;
}) {
  const choices = uniquePairs(Object.values(permissions).flat());
  return (
    <section className="card" aria-label="Roles">
      <h2>Roles</h2>
      <p className="muted">Built-in roles are fixed; Admin passes every check. Custom roles are yours to define.</p>
      <AddRoleForm choices={choices} onCreate={(name, pairs) => users.createRole(name, pairs)} />
      {roles.map((role) => (
        <RoleView
          key={role}
          role={role}
          id={customRoles[role]}
          pairs={(permissions[role] ?? []).map(([p, v]): Pair => [p, v])}
          choices={choices}
          users={users}
        />
      ))}
    </section>
  );
}

function uniquePairs(pairs: readonly (readonly [string, string])[]): Pair[] {
  const seen = new Map(pairs.map(([p, v]) => [`${p}\u0000${v}`, [p, v] as Pair]));
  return [...seen.values()];
}

function AddRoleForm({
  choices,
  onCreate,
}: {
  choices: readonly Pair[];
  onCreate: (name: string, pairs: Pair[]) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [pairs, setPairs] = useState<Pair[]>([]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onCreate(name, pairs)) {
      setOpen(false);
      setName('');
      setPairs([]);
    }
  };
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Add role
      </button>
    );
  return (
    <form aria-label="Add a role" onSubmit={(e) => void submit(e)}>
      <label>
        Role name <input value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <PermissionChecklist choices={choices} selected={pairs} onChange={setPairs} />
      <button type="submit" className="primary">
        Create role
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}

function RoleView({
  role,
  id,
  pairs,
  choices,
  users,
}: {
  role: string;
  /** Only custom roles have one; only they are edited. */
  id: number | undefined;
  pairs: Pair[];
  choices: readonly Pair[];
  users: Pick<UsersFeature, 'replaceRolePermissions' | 'deleteRole'>;
}) {
  const [editing, setEditing] = useState<Pair[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <details data-testid={`role-${role}`}>
      <summary>
        {role} <span className="muted">({pairs.length} permissions)</span>
        {id === undefined && <span className="badge">built-in</span>}
      </summary>
      {id !== undefined && editing === null && (
        <p>
          <button type="button" onClick={() => setEditing(pairs)}>
            Edit permissions
          </button>
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Delete role
          </button>
        </p>
      )}
      {id !== undefined && confirming && (
        <div role="alertdialog" aria-label={`Delete ${role}`} className="users-confirm">
          <p>Delete the role {role}? Users who hold it keep it until you take it from them, and then it can go.</p>
          <button
            type="button"
            className="danger"
            onClick={() => void users.deleteRole(id, role).then(() => setConfirming(false))}
          >
            Yes, delete {role}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {id !== undefined && editing !== null ? (
        <form
          aria-label={`Permissions of ${role}`}
          onSubmit={(e) => {
            e.preventDefault();
            void users
              .replaceRolePermissions({ id, name: role, permissions: editing })
              .then((saved) => saved && setEditing(null));
          }}
        >
          <PermissionChecklist choices={choices} selected={editing} onChange={setEditing} />
          <button type="submit" className="primary">
            Save permissions
          </button>
          <button type="button" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      ) : pairs.length === 0 ? (
        <p className="muted">No permissions.</p>
      ) : (
        <ul className="role-permissions">
          {pairs.map(([permission, view]) => (
            <li key={`${permission} ${view}`}>
              {permission} on {view}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
