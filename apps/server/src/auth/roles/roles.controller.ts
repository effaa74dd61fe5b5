/**
 * Roles (Admin only: the Role view is granted to no other built-in role), Superset's security API
 * (`/api/v1/security/roles/`): the built-in roles (read-only, `built_in: true`, no id) and the custom ones
 * admins define as (permission, view) pairs. Pairs travel as `[permission, view]` rather than FAB's
 * permission-view ids, which Strata does not have.
 */
import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import type { CurrentUser } from '../current-user';
import { ReqUser, RequirePermission } from '../guards/decorators';
import { httpError } from '../http-error';
import { rolePermissions, ROLE_NAMES } from '../roles';
import { ZodBody } from '../../common/zod-validation.pipe';
import { createRoleSchema, rolePermissionsSchema, updateRoleSchema } from './roles.schemas';
import { RolesService, type RoleRow } from './roles.service';

const notFound = () => httpError(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

function roleId(param: string): number {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

const roleJson = (row: RoleRow) => ({ id: row.id, name: row.name, built_in: false, permissions: row.permissions });

@Controller('api/v1/security/roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @RequirePermission(Permission.READ, View.ROLE)
  async list() {
    const builtIn = ROLE_NAMES.map((name) => ({ id: null, name, built_in: true, permissions: rolePermissions(name) }));
    const result = [...builtIn, ...(await this.roles.list()).map(roleJson)];
    return { count: result.length, result };
  }

  @Post()
  @RequirePermission(Permission.WRITE, View.ROLE)
  @HttpCode(201)
  async create(@ZodBody(createRoleSchema) input: z.output<typeof createRoleSchema>, @ReqUser() admin: CurrentUser) {
    const row = await this.roles.create(input.name, input.permissions ?? [], admin.id);
    return { id: row.id, result: roleJson(row) };
  }

  @Put(':id')
  @RequirePermission(Permission.WRITE, View.ROLE)
  async rename(
    @Param('id') id: string,
    @ZodBody(updateRoleSchema) input: z.output<typeof updateRoleSchema>,
    @ReqUser() admin: CurrentUser,
  ) {
    const row = await this.roles.rename(await this.existing(id), input.name, admin.id);
    return { id: row.id, result: roleJson(row) };
  }

  /** Not while a user holds it (422 role_in_use): take it from them first. */
  @Delete(':id')
  @RequirePermission(Permission.WRITE, View.ROLE)
  async remove(@Param('id') id: string, @ReqUser() admin: CurrentUser) {
    await this.roles.remove(await this.existing(id), admin.id);
    return { message: 'OK' };
  }

  /** Replaces the role's set, as Superset's route does. */
  @Post(':id/permissions')
  @RequirePermission(Permission.WRITE, View.ROLE)
  @HttpCode(200)
  async replacePermissions(
    @Param('id') id: string,
    @ZodBody(rolePermissionsSchema) input: z.output<typeof rolePermissionsSchema>,
    @ReqUser() admin: CurrentUser,
  ) {
    const row = await this.roles.replacePermissions(await this.existing(id), input.permissions, admin.id);
    return { id: row.id, result: roleJson(row) };
  }

  @Get(':id/permissions')
  @RequirePermission(Permission.READ, View.ROLE)
  async permissions(@Param('id') id: string) {
    const row = await this.roles.findById(roleId(id));
    if (!row) throw notFound();
    return { count: row.permissions.length, result: row.permissions };
  }

  private async existing(param: string): Promise<number> {
    const id = roleId(param);
    if (!(await this.roles.findById(id))) throw notFound();
    return id;
  }
}
