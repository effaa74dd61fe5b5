/**
 * Use cases on custom roles (DecideRole on the CommandBus, decide-role.ts) and the reads permission
 * resolution needs: the pairs of a user's custom roles, read on every request (no cache), so a change of
 * a role's permissions applies to its holders' very next request.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BUILT_IN_ROLES, type RoleCommand, type RolePair } from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource } from 'typeorm';
import { VersionConflictError } from '../../event-store/event-store.port';
import { permissionsOf } from '../roles';
import { DecideRole } from './decide-role';

export interface RoleRow {
  id: number;
  name: string;
  permissions: RolePair[];
}

const NAME_TAKEN = 'A role with this name already exists.';
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; driverError?: { code?: string } };
  return e.code === '23505' || e.driverError?.code === '23505';
};
const builtInNames = Object.keys(BUILT_IN_ROLES);

@Injectable()
export class RolesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
  ) {}

  async create(name: string, permissions: RolePair[], actor: number | 'system'): Promise<RoleRow> {
    const [{ id }] = (await this.dataSource.query(`SELECT nextval('role_id_seq')::int AS id`)) as { id: number }[];
    // expectedVersion 0: a new stream, so a name race is answered at once by the unique index.
    await this.decide(id, { type: 'CreateRole', data: { id, name, permissions } }, actor, 0);
    return (await this.findById(id))!;
  }

  async rename(id: number, name: string, actor: number): Promise<RoleRow> {
    await this.decide(id, { type: 'RenameRole', data: { name } }, actor);
    return (await this.findById(id))!;
  }

  async replacePermissions(id: number, permissions: RolePair[], actor: number): Promise<RoleRow> {
    await this.decide(id, { type: 'ReplaceRolePermissions', data: { permissions } }, actor);
    return (await this.findById(id))!;
  }

  async remove(id: number, actor: number): Promise<void> {
    await this.decide(id, { type: 'DeleteRole', data: {} }, actor);
  }

  async list(): Promise<RoleRow[]> {
    return this.dataSource.query(`SELECT id, name, permissions FROM roles ORDER BY lower(name), id`);
  }

  async findById(id: number): Promise<RoleRow | null> {
    const rows = await this.dataSource.query(`SELECT id, name, permissions FROM roles WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Every role name a user may be given: the built-in ones and the custom ones. */
  async names(): Promise<string[]> {
    return [...builtInNames, ...(await this.customNames())];
  }

  /** The custom roles' names, read now (dashboards' and databases' role settings are checked against them). */
  async customNames(): Promise<string[]> {
    const rows: { name: string }[] = await this.dataSource.query(`SELECT name FROM roles ORDER BY name`);
    return rows.map((r) => r.name);
  }

  /** The pairs of the custom roles among these names (built-in names have no row): one query, none if all are built in. */
  async customPairs(roles: readonly string[]): Promise<RolePair[]> {
    const custom = roles.filter((r) => !builtInNames.includes(r));
    if (custom.length === 0) return [];
    const rows: { permissions: RolePair[] }[] = await this.dataSource.query(
      `SELECT permissions FROM roles WHERE name = ANY($1) ORDER BY id`,
      [custom],
    );
    return rows.flatMap((r) => r.permissions);
  }

  /** The custom roles among these names with their pairs (the `roles` map of `GET /api/v1/me/`). */
  async pairsByRole(roles: readonly string[]): Promise<Record<string, RolePair[]>> {
    const custom = roles.filter((r) => !builtInNames.includes(r));
    if (custom.length === 0) return {};
    const rows: RoleRow[] = await this.dataSource.query(
      `SELECT id, name, permissions FROM roles WHERE name = ANY($1)`,
      [custom],
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.permissions]));
  }

  /** A user's (permission, view) pairs, built-in and custom roles alike, read now. */
  async permissionsOf(roles: readonly string[]): Promise<[string, string][]> {
    return permissionsOf(roles, await this.customPairs(roles));
  }

  private async decide(id: number, command: RoleCommand, actor: number | 'system', expectedVersion?: number) {
    const name = 'name' in command.data ? command.data.name.trim() : undefined;
    try {
      await this.commands.execute(
        new DecideRole(id, command, {
          actor: String(actor),
          undoable: false,
          ...(expectedVersion === 0 ? { expectedVersion } : {}),
        }),
      );
    } catch (err) {
      // The unique index on lower(name) is the only thing a create or rename can collide with.
      if (
        name !== undefined &&
        (isUniqueViolation(err) || err instanceof VersionConflictError) &&
        (await this.nameTaken(name, id))
      ) {
        throw new DomainError('role_name_taken', NAME_TAKEN);
      }
      throw err;
    }
  }

  private async nameTaken(name: string, id: number): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM roles WHERE lower(name) = lower($1) AND id <> $2`, [
      name,
      id,
    ]);
    return rows.length > 0;
  }
}
