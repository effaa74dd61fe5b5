/** Keeps `users` and `user_roles` equal to the fold of the user and login streams, inside the append's transaction. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { Projection } from '../../event-store/event-store.port';
import { foldUserRow, USER_ROW_EVENTS, userIdOf, type UserRow, type UserRowEvent } from './user-row';

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

export const USER_COLUMNS = `u.id, u.username, u.first_name, u.last_name, u.email, u.active, u.created_on, u.changed_on,
  u.created_by, u.changed_by, u.last_login, u.login_count, u.version,
  (SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles`;

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

@Injectable()
export class UsersProjection implements Projection {
  readonly name = 'users';
  readonly handles = USER_ROW_EVENTS;

  async apply(tx: EntityManager, event: Envelope): Promise<void> {
    const id = userIdOf(event as Envelope<UserRowEvent['type'], UserRowEvent['data']>);
    const found = (await tx.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 FOR UPDATE`, [id])) as DbUser[];
    const before = found[0] ? toUserRow(found[0]) : null;
    const after = foldUserRow(before, event);
    if (after === null) return;
    await tx.query(
      `INSERT INTO users (id, username, first_name, last_name, email, active, created_on, changed_on, created_by, changed_by,
         last_login, login_count, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET username = $2, first_name = $3, last_name = $4, email = $5, active = $6,
         changed_on = $8, changed_by = $10, last_login = $11, login_count = $12, version = $13`,
      [
        after.id,
        after.username,
        after.firstName,
        after.lastName,
        after.email,
        after.active,
        after.createdOn,
        after.changedOn,
        after.createdBy,
        after.changedBy,
        after.lastLogin,
        after.loginCount,
        after.version,
      ],
    );
    const rolesChanged = !before || before.roles.join('\n') !== [...after.roles].sort().join('\n');
    if (rolesChanged) {
      await tx.query(`DELETE FROM user_roles WHERE user_id = $1`, [id]);
      await tx.query(`INSERT INTO user_roles (user_id, role) SELECT $1, unnest($2::text[])`, [id, after.roles]);
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM user_roles`);
    await tx.query(`DELETE FROM users`);
  }
}
