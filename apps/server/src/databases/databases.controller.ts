/**
 * /api/v1/database/: connections CRUD (admins: can_write on Database), test connection, access grants,
 * and the list/get that every reader with can_read on Database sees filtered by data access.
 */
import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import type { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { RolesService } from '../auth/roles/roles.service';
import { StrataHttpException } from '../common/error-body';
import { ZodBody } from '../common/zod-validation.pipe';
import { PASSWORD_MASK } from '../engines/connection-uri';
import { EngineError, type ConnectionSpec } from '../engines/query-engine';
import { DatabaseAccess } from './database-access';
import { databaseJson } from './database-json';
import type { DatabaseRow } from './database-row';
import {
  accessSchema,
  createDatabaseSchema,
  listQuerySchema,
  testConnectionSchema,
  updateDatabaseSchema,
} from './databases.schemas';
import { DatabasesService } from './databases.service';
import { sameTarget, storedPasswordElsewhere } from './connection-target';
import { checkLogin } from './login-risks';
import { EngineRegistry } from './engine-registry';
import { MetadataCache } from './metadata-cache';
import { connectionOf, settingsOfBody } from './request-input';
import { databaseIdOf, databaseNotFound, readableDatabase } from './readable-database';
import { RisonQuery } from '../common/rison';
import { DataSource } from 'typeorm';
import { datasetsExist, relatedObjects } from './related-objects';

export function engineHttpError(err: unknown): unknown {
  if (!(err instanceof EngineError)) return err;
  return new StrataHttpException(err.status, err.errorType as ErrorType, err.message);
}

type ListQuery = z.output<typeof listQuerySchema>;

function matches(row: DatabaseRow, filter: ListQuery['filters'][number]): boolean {
  const actual = row[filter.col];
  if (typeof actual === 'boolean' || typeof actual === 'number') {
    const equal = String(actual) === String(filter.value);
    return filter.opr === 'neq' ? !equal : equal;
  }
  const a = String(actual).toLowerCase();
  const v = String(filter.value).toLowerCase();
  switch (filter.opr) {
    case 'eq':
      return a === v;
    case 'neq':
      return a !== v;
    case 'ct':
      return a.includes(v);
    case 'sw':
      return a.startsWith(v);
    case 'ew':
      return a.endsWith(v);
    default: {
      const unknown: never = filter.opr;
      return unknown;
    }
  }
}

@Controller('api/v1/database')
export class DatabasesController {
  constructor(
    private readonly databases: DatabasesService,
    private readonly access: DatabaseAccess,
    private readonly registry: EngineRegistry,
    private readonly cache: MetadataCache,
    private readonly dataSource: DataSource,
    private readonly roles: RolesService,
  ) {}

  @Get()
  @RequirePermission(Permission.READ, View.DATABASE)
  async list(@RisonQuery(listQuerySchema) q: ListQuery, @ReqUser() user: CurrentUser) {
    const allowed = await this.access.accessibleIds(user);
    const rows = (await this.databases.list()).filter(
      (r) => allowed.has(r.id) && q.filters.every((f) => matches(r, f)),
    );
    const direction = q.order_direction === 'asc' ? 1 : -1;
    rows.sort((a, b) => {
      const x = a[q.order_column];
      const y = b[q.order_column];
      return (x < y ? -1 : x > y ? 1 : a.id - b.id) * direction;
    });
    const page = rows.slice(q.page * q.page_size, (q.page + 1) * q.page_size);
    return { count: rows.length, ids: page.map((r) => r.id), result: page.map(databaseJson) };
  }

  @Get(':id')
  @RequirePermission(Permission.READ, View.DATABASE)
  async get(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    const row = await readableDatabase(this.databases, this.access, databaseIdOf(param), user);
    return { id: row.id, result: databaseJson(row) };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async create(
    @ZodBody(createDatabaseSchema) body: z.output<typeof createDatabaseSchema>,
    @ReqUser() admin: CurrentUser,
  ) {
    const connection = connectionOf(body)!;
    const confirmedLogin = await this.checkLogin(
      { ...connection, password: connection.password === PASSWORD_MASK ? undefined : connection.password },
      body.confirm_dangerous_login,
    );
    const row = await this.databases.create(
      { settings: { ...settingsOfBody(body), database_name: body.database_name }, connection, confirmedLogin },
      admin.id,
    );
    return { id: row.id, result: databaseJson(row) };
  }

  @Put(':id')
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async update(
    @Param('id') param: string,
    @ZodBody(updateDatabaseSchema) body: z.output<typeof updateDatabaseSchema>,
    @ReqUser() admin: CurrentUser,
  ) {
    const id = databaseIdOf(param);
    const current = await this.databases.find(id);
    if (!current) throw databaseNotFound();
    const connection = connectionOf(body);
    // Keeping the stored password (mask or none) for another target would send it there.
    const keepsPassword = connection && (connection.password === undefined || connection.password === PASSWORD_MASK);
    const stored = keepsPassword ? await this.databases.connectionSpec(current) : null;
    if (stored?.password && !sameTarget(stored, connection!)) throw storedPasswordElsewhere();
    // A new connection is a new login to check; settings alone are not.
    const confirmedLogin = connection
      ? await this.checkLogin(
          { ...connection, password: stored ? stored.password : connection.password },
          body.confirm_dangerous_login,
        )
      : undefined;
    const row = await this.databases.update(
      id,
      { settings: settingsOfBody(body), connection, confirmedLogin },
      admin.id,
    );
    this.forget(id);
    return { id: row.id, result: databaseJson(row) };
  }

  @Delete(':id')
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async remove(@Param('id') param: string, @ReqUser() admin: CurrentUser) {
    const id = databaseIdOf(param);
    if (!(await this.databases.find(id))) throw databaseNotFound();
    // Superset refuses while datasets exist: their charts would lose their data. No override: the
    // admin deletes the datasets (the page lists them) first.
    const related = await relatedObjects(this.dataSource, id);
    if (related.datasets.count > 0) throw datasetsExist(related.datasets.count);
    await this.databases.delete(id, admin.id);
    this.forget(id);
    return { message: 'OK' };
  }

  /** The datasets and charts that use the database (the delete dialog lists them). */
  @Get(':id/related_objects')
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async related(@Param('id') param: string) {
    const id = databaseIdOf(param);
    if (!(await this.databases.find(id))) throw databaseNotFound();
    return relatedObjects(this.dataSource, id);
  }

  @Post('test_connection')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async testConnection(@ZodBody(testConnectionSchema) body: z.output<typeof testConnectionSchema>) {
    let spec = connectionOf(body)!;
    // The edit form sends the mask back: test with the stored password of that database, but only
    // against the target it was stored for.
    if (spec.password === PASSWORD_MASK) {
      const existing = body.database_name ? await this.databases.findByName(body.database_name) : null;
      const stored = existing ? await this.databases.connectionSpec(existing) : null;
      if (stored && !sameTarget(stored, spec)) throw storedPasswordElsewhere();
      spec = { ...spec, password: stored?.password };
    }
    const engine = this.registry.fromSpec(spec);
    try {
      await engine.testConnection();
    } catch (err) {
      throw engineHttpError(err);
    } finally {
      await engine.close();
    }
    await this.checkLogin(spec, body.confirm_dangerous_login);
    return { message: 'OK' };
  }

  @Get(':id/access')
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async getAccess(@Param('id') param: string) {
    const row = await this.databases.find(databaseIdOf(param));
    if (!row) throw databaseNotFound();
    return { id: row.id, result: { roles: row.roles } };
  }

  @Put(':id/access')
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async setAccess(
    @Param('id') param: string,
    @ZodBody(accessSchema) body: z.output<typeof accessSchema>,
    @ReqUser() admin: CurrentUser,
  ) {
    const id = databaseIdOf(param);
    if (!(await this.databases.find(id))) throw databaseNotFound();
    // Built-in and custom roles (the roles read model, read now), matched without regard to case and
    // stored under their own name: users hold roles by that name.
    const known = new Map((await this.roles.names()).map((name) => [name.toLowerCase(), name] as const));
    const unknown = body.roles.filter((r) => !known.has(r.toLowerCase()));
    if (unknown.length > 0) {
      throw new StrataHttpException(
        400,
        ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        `Invalid request: roles: unknown role(s) ${unknown.join(', ')}.`,
      );
    }
    const roles = [...new Set(body.roles.map((r) => known.get(r.toLowerCase())!))];
    const row = await this.databases.setAccess(id, roles, admin.id);
    return { id: row.id, result: { roles: row.roles } };
  }

  private async checkLogin(spec: ConnectionSpec, confirmed: boolean | undefined) {
    const engine = this.registry.fromSpec(spec);
    try {
      return await checkLogin(engine, spec, confirmed);
    } finally {
      await engine.close();
    }
  }

  private forget(id: number): void {
    this.registry.invalidate(id);
    this.cache.forget(id);
  }
}
