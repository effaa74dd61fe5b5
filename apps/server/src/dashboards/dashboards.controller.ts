/**
 * `/api/v1/dashboard/` (charts-dashboards-reports §7 Dashboards): list, favourite status, create, read one, save (PUT), delete,
 * and permalinks. Reading needs can_read on Dashboard; writing can_write, and editing an existing
 * dashboard also ownership or admin (checked in the services).
 *
 * Optimistic concurrency: `GET` answers the dashboard's `version`; a PUT that sends `version` (a body
 * field next to the save body) is refused with 409 when the dashboard changed since. A PUT without
 * `version` is applied to the latest dashboard (what older clients do).
 */
import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { relatedOwners, relatedOwnersQuery, type RelatedOwnersQuery } from '../auth/users/related-owners';
import { UsersService } from '../auth/users/users.service';
import { StrataHttpException } from '../common/error-body';
import { ZodBody, ZodParam } from '../common/zod-validation.pipe';
import { RisonQuery } from '../common/rison';
import { DashboardExtrasService } from './dashboard-extras.service';
import { DashboardList, dashboardListQuery, type DashboardListQuery } from './dashboard-list';
import { DashboardPropertiesService } from './dashboard-properties.service';
import { dashboardJson, DashboardsService } from './dashboards.service';
import { AsOfService } from '../object-history/as-of.service';
import { recordId } from '../common/ids';

export const dashboardId = z.coerce.number().int().positive().max(2_147_483_647);
const idsQuery = z.array(z.number().int().positive().max(2_147_483_647)).max(1000);
const permalinkKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** The save body travels on unchanged (the domain validates it); `version` is the optimistic-concurrency guard. */
const putBody = z
  .record(z.string(), z.unknown())
  .superRefine((b, ctx) => {
    if (
      b.version !== undefined &&
      !(typeof b.version === 'number' && Number.isSafeInteger(b.version) && b.version > 0)
    ) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'must be a positive integer' });
    }
  })
  .transform(({ version, ...body }) => ({ version: version as number | undefined, body }));

const jsonObject = z
  .union([z.string().max(1_000_000), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    if (typeof v !== 'string') return v;
    try {
      const parsed: unknown = JSON.parse(v);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
    return z.NEVER;
  });

export const createDashboardSchema = z
  .object({
    dashboard_title: z.string().max(500).nullish(),
    slug: z.string().max(255).nullish(),
    owners: z.array(recordId).max(100).nullish(),
    /** Role names; kept only under DASHBOARD_RBAC (checked against the known roles by the service). */
    roles: z.array(z.string().min(1).max(100)).max(100).nullish(),
    css: z.string().max(100_000).nullish(),
    json_metadata: jsonObject,
    published: z.boolean().nullish(),
    certified_by: z.string().max(1000).nullish(),
    certification_details: z.string().max(10_000).nullish(),
  })
  .strict();

@Controller('api/v1/dashboard')
export class DashboardsController {
  constructor(
    private readonly dashboards: DashboardsService,
    private readonly lists: DashboardList,
    private readonly properties: DashboardPropertiesService,
    private readonly extras: DashboardExtrasService,
    private readonly users: UsersService,
    private readonly asOf: AsOfService,
  ) {}

  @Get()
  @RequirePermission(Permission.READ, View.DASHBOARD)
  list(@RisonQuery(dashboardListQuery) q: DashboardListQuery, @ReqUser() user: CurrentUser) {
    return this.lists.list(q, user);
  }

  @Get('favorite_status')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async favoriteStatus(@RisonQuery(idsQuery) ids: number[], @ReqUser() user: CurrentUser) {
    return { result: await this.extras.favoriteStatus(ids, user) };
  }

  /** The users a dashboard's owners may be chosen from (the properties dialog's search), for anyone who may write dashboards. */
  @Get('related/owners')
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async relatedOwners(@RisonQuery(relatedOwnersQuery) q: RelatedOwnersQuery, @ReqUser() user: CurrentUser) {
    return await relatedOwners(this.users, q, user);
  }

  /**
   * The roles a dashboard may name under DASHBOARD_RBAC (the properties dialog's picker), built-in and
   * custom, for anyone who may write dashboards: the roles list itself is the admins' only. Superset's
   * `related/roles` answers role ids; built-in roles have none here, so `value` is the name, what is saved.
   */
  @Get('related/roles')
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async relatedRoles() {
    const names = await this.dashboards.roleNames();
    return { count: names.length, result: names.map((name) => ({ value: name, text: name })) };
  }

  @Get('permalink/:key')
  @RequirePermission(Permission.READ, View.DASHBOARD_PERMALINK)
  async getPermalink(@ZodParam('key', permalinkKey) key: string, @ReqUser() user: CurrentUser) {
    return await this.extras.permalink(key, user);
  }

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async create(
    @ZodBody(createDashboardSchema) body: z.output<typeof createDashboardSchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const result = await this.dashboards.create(
      {
        ...body,
        published: body.published ?? undefined,
        owners: body.owners ?? undefined,
        roles: body.roles ?? undefined,
      },
      user,
    );
    return { id: result.id, result };
  }

  @Get(':idOrSlug')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async get(@Param('idOrSlug') idOrSlug: string, @Query('as_of') asOf: unknown, @ReqUser() user: CurrentUser) {
    // The dashboard as it was then (object-history/): same shape, same read right.
    if (asOf !== undefined) {
      const readable = () =>
        /^[\w-]{1,255}$/.test(idOrSlug) ? this.dashboards.get(idOrSlug, user) : Promise.resolve(null);
      return this.asOf.answer(
        'dashboard',
        /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : idOrSlug,
        asOf,
        user,
        readable,
      );
    }
    const result = /^[\w-]{1,255}$/.test(idOrSlug) ? await this.dashboards.get(idOrSlug, user) : null;
    if (!result) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Dashboard not found.');
    return { id: result.id, result };
  }

  /** charts-dashboards-reports §7 PUT: `{published}`, a metadata-only `{json_metadata}`, or the full save body; plus `version`. */
  @Put(':id')
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async put(
    @ZodParam('id', dashboardId) id: number,
    @ZodBody(putBody) input: z.output<typeof putBody>,
    @ReqUser() user: CurrentUser,
  ) {
    const { kind, row } = await this.properties.put(id, input.body, input.version, user);
    const json = dashboardJson(row);
    if (kind === 'metadata')
      return {
        id,
        result: { json_metadata: json.json_metadata },
        last_modified_time: json.last_modified_time,
        version: json.version,
      };
    return { id, result: json, last_modified_time: json.last_modified_time, version: json.version };
  }

  /** Bulk delete (`?q=!(ids)`): all or nothing, every one must be editable by the user. */
  @Delete()
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async bulkRemove(@RisonQuery(idsQuery.min(1)) ids: number[], @ReqUser() user: CurrentUser) {
    await this.properties.deleteMany([...new Set(ids)], user);
    return { message: `Deleted ${new Set(ids).size} dashboard${new Set(ids).size === 1 ? '' : 's'}` };
  }

  @Delete(':id')
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async remove(@ZodParam('id', dashboardId) id: number, @ReqUser() user: CurrentUser) {
    await this.properties.delete(id, user);
    return { message: 'OK' };
  }
}
