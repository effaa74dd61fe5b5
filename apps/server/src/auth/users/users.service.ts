/**
 * Use cases on user accounts. Each one is a DecideUser command on the CommandBus (decide-user.ts): the
 * user's stream is loaded and decided by the domain's userDecider, the users read model is updated by
 * its fold (users.projection.ts) in the append's transaction, and the password hash (never an event) and the end of
 * the user's sessions are written in that transaction too.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { endsSessions, losesActiveAdmin, type UserCommand } from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource, type EntityManager } from 'typeorm';
import { VersionConflictError } from '../../event-store/event-store.port';
import type { DecisionMeta } from '../../event-store/load-decide-append';
import { hashPassword, passwordPolicyViolation } from '../passwords/password-hasher';
import { ADMIN_ROLE } from '../roles';
import { SessionService } from '../sessions/session.service';
import { DecideUser, type BesideUserEvents } from './decide-user';
import { toUserRow, USER_COLUMNS, type UserRow } from './user-row';

export interface NewUser {
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  roles: string[];
  /** False creates the account deactivated. */
  active?: boolean;
}

export interface UserChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  roles?: string[];
  active?: boolean;
  password?: string;
}

/** Who is acting: a user id, or 'system' (first start, command-line tools). */
export type Actor = number | 'system';

const USERNAME_TAKEN = 'A user with this username already exists.';
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; driverError?: { code?: string } };
  return e.code === '23505' || e.driverError?.code === '23505';
};

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
    private readonly sessions: SessionService,
  ) {}

  async createUser(input: NewUser, actor: Actor): Promise<UserRow> {
    const hash = await this.hashChecked(input.password);
    if (await this.findByUsername(input.username)) throw new DomainError('username_taken', USERNAME_TAKEN);
    const [{ id }] = (await this.dataSource.query(`SELECT nextval('user_id_seq')::int AS id`)) as { id: number }[];
    const command: UserCommand = {
      type: 'CreateUser',
      data: {
        id,
        username: input.username,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        email: input.email ?? '',
        roles: input.roles,
        active: input.active,
      },
    };
    try {
      // expectedVersion 0: a new stream; a lost race is answered at once, not decided again.
      await this.decide(id, command, { ...this.meta(actor), expectedVersion: 0 }, (tx) => this.saveHash(tx, id, hash));
    } catch (err) {
      // The check above can race with another request; the unique index on lower(username) cannot. The
      // store reports a unique violation inside an append as a version conflict; on a brand-new stream
      // that can only be the username.
      if (
        (isUniqueViolation(err) || err instanceof VersionConflictError) &&
        (await this.findByUsername(input.username))
      ) {
        throw new DomainError('username_taken', USERNAME_TAKEN);
      }
      throw err;
    }
    return (await this.findById(id))!;
  }

  /**
   * Decided against the latest state: a concurrent change of the same user (an admin and the user
   * themselves) is loaded and decided again by DecisionRunner instead of dropping this intent.
   */
  async updateUser(id: number, changes: UserChanges, actor: Actor): Promise<UserRow> {
    const { password, ...fields } = changes;
    const hash = password === undefined ? undefined : await this.hashChecked(password);
    await this.decide(
      id,
      { type: 'UpdateUser', data: { ...fields, passwordChanged: hash !== undefined } },
      this.meta(actor),
      async (tx, before, events) => {
        if (losesActiveAdmin(before, events)) await this.keepAnActiveAdmin(tx, id);
        if (hash !== undefined) await this.saveHash(tx, id, hash);
        // A new password or a deactivated account must not leave old browser sessions alive.
        if (endsSessions(events)) await this.sessions.endAllFor(id, tx);
      },
    );
    return (await this.findById(id))!;
  }

  /** The account goes (userDeleted): its sessions end with it; the last active admin stays. */
  async deleteUser(id: number, actor: Actor): Promise<void> {
    await this.decide(id, { type: 'DeleteUser', data: {} }, this.meta(actor), async (tx, before, events) => {
      if (losesActiveAdmin(before, events)) await this.keepAnActiveAdmin(tx, id);
      if (endsSessions(events)) await this.sessions.endAllFor(id, tx);
      // A deleted account keeps no password hash.
      await tx.query(`DELETE FROM user_credentials WHERE user_id = $1`, [id]);
    });
  }

  assignRoles(id: number, roles: string[], actor: Actor): Promise<UserRow> {
    return this.updateUser(id, { roles }, actor);
  }

  deactivate(id: number, actor: Actor): Promise<UserRow> {
    return this.updateUser(id, { active: false }, actor);
  }

  async findById(id: number): Promise<UserRow | null> {
    const rows = await this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
    return rows[0] ? toUserRow(rows[0]) : null;
  }

  /** Case-insensitive, as usernames are unique case-insensitively. */
  async findByUsername(username: string): Promise<UserRow | null> {
    const rows = await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.username) = lower($1)`,
      [username],
    );
    return rows[0] ? toUserRow(rows[0]) : null;
  }

  async list(): Promise<UserRow[]> {
    const rows = await this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users u ORDER BY u.id`);
    return rows.map(toUserRow);
  }

  /**
   * Active users whose "first last" name or username contains `text` (any case; LIKE wildcards in it are
   * literal), ordered by name, one page of them, and how many there are in all.
   */
  async searchActive(text: string, page: number, pageSize: number): Promise<{ count: number; rows: UserRow[] }> {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = `u.active AND ((u.first_name || ' ' || u.last_name) ILIKE $1 OR u.username ILIKE $1)`;
    const [total] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM users u WHERE ${where}`, [
      like,
    ])) as { count: number }[];
    const rows = await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users u WHERE ${where} ORDER BY lower(u.first_name), lower(u.last_name), lower(u.username), u.id LIMIT $2 OFFSET $3`,
      [like, pageSize, page * pageSize],
    );
    return { count: total?.count ?? 0, rows: rows.map(toUserRow) };
  }

  async activeAdminExists(): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM users u JOIN user_roles r ON r.user_id = u.id WHERE u.active AND lower(r.role) = 'admin' LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** The stored password hash, for the login flow only. */
  async passwordHash(userId: number): Promise<string | null> {
    const rows = (await this.dataSource.query(`SELECT password_hash FROM user_credentials WHERE user_id = $1`, [
      userId,
    ])) as {
      password_hash: string;
    }[];
    return rows[0]?.password_hash ?? null;
  }

  /** Replaces a hash made with weaker parameters; not a password change, so no event. */
  async upgradeHash(userId: number, hash: string): Promise<void> {
    await this.saveHash(this.dataSource.manager, userId, hash);
  }

  private async decide(id: number, command: UserCommand, meta: DecisionMeta, beside: BesideUserEvents): Promise<void> {
    await this.commands.execute(new DecideUser(id, command, meta, beside));
  }

  /**
   * Demoting or deactivating the last active admin would lock everyone out of user management. Runs after
   * this change is projected, in its transaction, serialized with an advisory lock so two admins demoting
   * each other at once cannot both succeed.
   */
  private async keepAnActiveAdmin(tx: EntityManager, id: number): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('strata:active-admins'))`);
    const others = await tx.query(
      `SELECT 1 FROM users u JOIN user_roles r ON r.user_id = u.id
       WHERE u.active AND lower(r.role) = lower($2) AND u.id <> $1 LIMIT 1`,
      [id, ADMIN_ROLE],
    );
    if (others.length === 0) {
      throw new DomainError('last_admin', 'This is the last active admin: make someone else an admin first.');
    }
  }

  private async hashChecked(password: string): Promise<string> {
    const problem = passwordPolicyViolation(password);
    if (problem) throw new DomainError('weak_password', problem);
    return hashPassword(password);
  }

  private async saveHash(tx: EntityManager, userId: number, hash: string): Promise<void> {
    await tx.query(
      `INSERT INTO user_credentials (user_id, password_hash, changed_on) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET password_hash = $2, changed_on = now()`,
      [userId, hash],
    );
  }

  private meta(actor: Actor) {
    return { actor: String(actor), undoable: false };
  }
}
