/**
 * The security admin API (Admin only: the User and Role views are granted to no other built-in role).
 * Shapes follow Flask-AppBuilder's security API where Superset users know them, with role names instead
 * of role ids. Roles themselves: roles/roles.controller.ts.
 */
import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorType, Permission, PermissionView as View, type UserResponse } from '@strata/domain';
import type { CurrentUser } from '../current-user';
import { ReqUser, RequirePermission } from '../guards/decorators';
import { httpError } from '../http-error';
import { ZodBody } from '../../common/zod-validation.pipe';
import type { UserRow } from './user-row';
import { createUserSchema, updateUserSchema } from './users.schemas';
import { UsersService } from './users.service';

function userJson(row: UserRow): UserResponse {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    active: row.active,
    roles: row.roles,
    created_on: row.createdOn,
    changed_on: row.changedOn,
    last_login: row.lastLogin,
    login_count: row.loginCount,
  };
}

const notFound = () => httpError(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

/** `/users/abc` names no user: 404, as for an id that does not exist. */
function userId(param: string): number {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

@Controller('api/v1/security')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('users')
  @RequirePermission(Permission.READ, View.USER)
  async list() {
    const rows = await this.users.list();
    return { count: rows.length, ids: rows.map((r) => r.id), result: rows.map(userJson) };
  }

  @Get('users/:id')
  @RequirePermission(Permission.READ, View.USER)
  async get(@Param('id') id: string) {
    const row = await this.users.findById(userId(id));
    if (!row) throw notFound();
    return { id: row.id, result: userJson(row) };
  }

  @Post('users')
  @RequirePermission(Permission.WRITE, View.USER)
  @HttpCode(201)
  async create(@ZodBody(createUserSchema) input: z.output<typeof createUserSchema>, @ReqUser() admin: CurrentUser) {
    const { username, password, first_name: firstName, last_name: lastName, email, roles, active } = input;
    const row = await this.users.createUser(
      { username, password, firstName, lastName, email, roles, active },
      admin.id,
    );
    return { id: row.id, result: userJson(row) };
  }

  @Put('users/:id')
  @RequirePermission(Permission.WRITE, View.USER)
  async update(
    @Param('id') id: string,
    @ZodBody(updateUserSchema) input: z.output<typeof updateUserSchema>,
    @ReqUser() admin: CurrentUser,
  ) {
    const changes = {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      roles: input.roles,
      active: input.active,
      password: input.password,
    };
    const row = await this.users.updateUser(userId(id), changes, admin.id);
    return { id: row.id, result: userJson(row) };
  }

  /** The account goes; its sessions and tokens stop at once. Not oneself, not the last active admin (422). */
  @Delete('users/:id')
  @RequirePermission(Permission.WRITE, View.USER)
  async remove(@Param('id') id: string, @ReqUser() admin: CurrentUser) {
    await this.users.deleteUser(userId(id), admin.id);
    return { message: 'OK' };
  }
}
