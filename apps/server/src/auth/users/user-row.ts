/** A user as the services and controllers hand it out (camelCase), read from the `users` read model. */
export interface UserRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  roles: string[];
  createdOn: string;
  changedOn: string;
  createdBy: string;
  changedBy: string;
  lastLogin: string | null;
  loginCount: number;
  /** Version of the `user:<id>` stream this row reflects (for optimistic concurrency on edits). */
  version: number;
}

/** The columns a UserRow is read from; `roles` in name order, as the old `user_roles` table gave them. */
export const USER_COLUMNS = `u.id, u.username, u.first_name, u.last_name, u.email, u.active, u.created_on, u.changed_on,
  u.created_by, u.changed_by, u.last_login, u.login_count, u.version,
  ARRAY(SELECT r FROM unnest(u.roles) AS r ORDER BY r) AS roles`;

interface DbUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  created_on: Date;
  changed_on: Date;
  created_by: string;
  changed_by: string;
  last_login: Date | null;
  login_count: number;
  version: number;
  roles: string[] | null;
}

export function toUserRow(db: DbUser): UserRow {
  return {
    id: db.id,
    username: db.username,
    firstName: db.first_name,
    lastName: db.last_name,
    email: db.email,
    active: db.active,
    roles: db.roles ?? [],
    createdOn: db.created_on.toISOString(),
    changedOn: db.changed_on.toISOString(),
    createdBy: db.created_by,
    changedBy: db.changed_by,
    lastLogin: db.last_login?.toISOString() ?? null,
    loginCount: db.login_count,
    version: db.version,
  };
}
