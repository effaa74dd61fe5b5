import type { RolePermissions } from '@strata/domain';

/**
 * The built-in roles and what each may do. Read-only: Strata's roles are fixed (the server's roles.ts,
 * from the domain's permission table), so a user's access is changed by giving them other roles.
 */
export function RolesList({ roles, permissions }: { roles: readonly string[]; permissions: RolePermissions }) {
  return (
    <section className="card" aria-label="Roles">
      <h2>Roles</h2>
      <p className="muted">The roles are built in; Admin passes every check.</p>
      {roles.map((role) => {
        const pairs = permissions[role] ?? [];
        return (
          <details key={role} data-testid={`role-${role}`}>
            <summary>
              {role} <span className="muted">({pairs.length} permissions)</span>
            </summary>
            {pairs.length === 0 ? (
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
      })}
    </section>
  );
}
