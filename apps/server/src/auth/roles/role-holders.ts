/**
 * Users hold custom roles by name, and two transactions decide about the same name: a role's delete or
 * rename (no user may hold it) and a user's role change (the role must exist). Each checks the other's
 * table in its own append's transaction under one advisory lock, so whichever commits second sees the
 * first: a role is never deleted under a user who was just given it.
 */
import { BUILT_IN_ROLES, type UserEvent } from '@strata/domain';
import { DomainError } from '@strata/events';
import type { EntityManager } from 'typeorm';

const lockRoles = (tx: EntityManager) => tx.query(`SELECT pg_advisory_xact_lock(hashtext('strata:custom-roles'))`);
const BUILT_IN: ReadonlySet<string> = new Set(Object.keys(BUILT_IN_ROLES));

/** How many users hold the role now (after the lock). */
export async function holdersOf(tx: EntityManager, role: string): Promise<number> {
  await lockRoles(tx);
  const [{ n }] = await tx.query(`SELECT count(*)::int AS n FROM users WHERE $1 = ANY(roles)`, [role]);
  return n;
}

/**
 * The dashboards (DASHBOARD_RBAC viewers) and databases ("roles with access") that name the role, as the
 * reason a delete or rename is refused lists them. Read in the role's transaction; a dashboard or database
 * saved with the role at that very moment is not locked out (its names are checked before its own append).
 */
export async function objectsNaming(tx: EntityManager, role: string): Promise<string[]> {
  const dashboards: { id: number; title: string }[] = await tx.query(
    `SELECT id, dashboard_title AS title FROM dashboards WHERE $1 = ANY(roles) ORDER BY id`,
    [role],
  );
  const databases: { name: string }[] = await tx.query(
    `SELECT DISTINCT d.database_name AS name FROM database_access a JOIN databases d ON d.id = a.database_id
      WHERE a.role = $1 ORDER BY 1`,
    [role],
  );
  return [
    ...dashboards.map((d) => `dashboard '${d.title}' (id ${d.id})`),
    ...databases.map((d) => `database '${d.name}'`),
  ];
}

/** The custom roles these user events give still exist (after the lock), else 422 unknown_role. */
export async function givenRolesExist(tx: EntityManager, events: readonly UserEvent[]): Promise<void> {
  const given = events
    .flatMap((e) =>
      e.type === 'security/userCreated' ? e.data.roles : e.type === 'security/userRolesChanged' ? e.data.granted : [],
    )
    .filter((role) => !BUILT_IN.has(role));
  if (given.length === 0) return;
  await lockRoles(tx);
  const rows: { name: string }[] = await tx.query(`SELECT name FROM roles WHERE name = ANY($1)`, [given]);
  const missing = given.filter((role) => !rows.some((r) => r.name === role));
  if (missing.length > 0) throw new DomainError('unknown_role', `Some roles do not exist: ${missing.join(', ')}.`);
}
