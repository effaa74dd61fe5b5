/**
 * `/api/v1/dashboard/{id}/...` (charts-dashboards-reports §7): charts, datasets, copy, favourites, the native filters and
 * colors endpoints, permalinks. Reads need can_read on Dashboard and a visible dashboard; the filters
 * and colors endpoints edit the dashboard (can_write, ownership or admin); a copy needs can_write.
 */
import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { dashboardFilterStateSchema, filterConfigItemSchema, Permission, PermissionView as View } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { PublicUrl, type LinkTo } from '../common/public-url';
import { requireMainRight } from '../common/main-rights';
import { ZodBody, ZodParam, ZodQuery } from '../common/zod-validation.pipe';
import { DashboardExtrasService } from './dashboard-extras.service';
import { DashboardPropertiesService } from './dashboard-properties.service';
import { dashboardJson } from './dashboards.service';
import { dashboardId } from './dashboards.controller';

const jsonObject = z.union([z.string().max(1_000_000), z.record(z.string(), z.unknown())]).transform((v, ctx) => {
  if (typeof v !== 'string') return v;
  try {
    const parsed: unknown = JSON.parse(v || '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
  return z.NEVER;
});

const copyBody = z
  .object({
    dashboard_title: z.string().max(500).nullish(),
    css: z.string().max(100_000).nullish(),
    duplicate_slices: z.boolean().default(false),
    json_metadata: jsonObject.default({}),
  })
  .strict();

/** charts-dashboards-reports §7 filters body; each filter is checked with the domain's schema, the result with its validation. */
const filtersBody = z
  .object({
    added: z.array(filterConfigItemSchema).max(500).default([]),
    modified: z.array(filterConfigItemSchema).max(500).default([]),
    deleted: z.array(z.string().max(200)).max(500).default([]),
    reordered: z.array(z.string().max(200)).max(500).default([]),
    version: z.number().int().positive().optional(),
  })
  .strict();

const colorsBody = z
  .object({
    color_namespace: z.string().max(500).nullish(),
    color_scheme: z.string().max(500).nullish(),
    color_scheme_domain: z.array(z.string().max(100)).max(1000).optional(),
    shared_label_colors: z
      .union([z.array(z.string().max(1000)).max(10_000), z.record(z.string(), z.string())])
      .optional(),
    map_label_colors: z.record(z.string(), z.string().max(100)).optional(),
    label_colors: z.record(z.string(), z.string().max(100)).optional(),
  })
  .strict();
const colorsQuery = z.object({ mark_updated: z.enum(['true', 'false']).default('true') });

/**
 * A permalink's body is the dashboard filter state (libs/domain dashboard/filter-state) without its `id`,
 * strict, and stored as sent: no `dataMask: {}` filled in, no null `urlParams`.
 */
const { dataMask, urlParams } = dashboardFilterStateSchema.shape;
const permalinkBody = dashboardFilterStateSchema
  .omit({ id: true })
  .extend({ dataMask: dataMask.removeDefault().optional(), urlParams: urlParams.unwrap().unwrap().optional() })
  .strict();

@Controller('api/v1/dashboard/:id')
export class DashboardExtrasController {
  constructor(
    private readonly extras: DashboardExtrasService,
    private readonly properties: DashboardPropertiesService,
  ) {}

  @Get('charts')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async charts(@ZodParam('id', dashboardId) id: number, @ReqUser() user: CurrentUser) {
    return { result: await this.extras.charts(id, user) };
  }

  @Get('datasets')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async datasets(@ZodParam('id', dashboardId) id: number, @ReqUser() user: CurrentUser) {
    return { result: await this.extras.datasetsOf(id, user) };
  }

  @Post('copy')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async copy(
    @ZodParam('id', dashboardId) id: number,
    @ZodBody(copyBody) body: z.output<typeof copyBody>,
    @ReqUser() user: CurrentUser,
  ) {
    const result = await this.extras.copy(id, body, user);
    return {
      result: { id: result.id, last_modified_time: result.last_modified_time },
      id: result.id,
      dashboard: result,
    };
  }

  @Post('favorites')
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async star(@ZodParam('id', dashboardId) id: number, @ReqUser() user: CurrentUser) {
    await this.extras.favorite(id, true, user);
    return { result: 'OK' };
  }

  @Delete('favorites')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async unstar(@ZodParam('id', dashboardId) id: number, @ReqUser() user: CurrentUser) {
    await this.extras.favorite(id, false, user);
    return { result: 'OK' };
  }

  @Put('filters')
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async filters(
    @ZodParam('id', dashboardId) id: number,
    @ZodBody(filtersBody) body: z.output<typeof filtersBody>,
    @ReqUser() user: CurrentUser,
  ) {
    const { version, ...changes } = body;
    const { items, row } = await this.properties.filters(id, changes as never, version, user);
    const json = dashboardJson(row);
    return { id, result: items, last_modified_time: json.last_modified_time, version: json.version };
  }

  @Put('colors')
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async colors(
    @ZodParam('id', dashboardId) id: number,
    @ZodBody(colorsBody) body: z.output<typeof colorsBody>,
    @ZodQuery(colorsQuery) q: z.output<typeof colorsQuery>,
    @ReqUser() user: CurrentUser,
  ) {
    const colors = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const row = await this.properties.colors(id, colors, q.mark_updated === 'true', user);
    const json = dashboardJson(row);
    return {
      id,
      result: { json_metadata: json.json_metadata },
      last_modified_time: json.last_modified_time,
      version: json.version,
    };
  }

  @Post('permalink')
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.DASHBOARD_PERMALINK)
  async permalink(
    @ZodParam('id', dashboardId) id: number,
    @ZodBody(permalinkBody) body: z.output<typeof permalinkBody>,
    @ReqUser() user: CurrentUser,
    @PublicUrl() link: LinkTo,
  ) {
    // Sharing a dashboard's link is its own right (sqllab-and-platform §6 can_share_dashboard).
    requireMainRight(user, 'can_share_dashboard');
    const { key, url } = await this.extras.createPermalink(id, body as Record<string, unknown>, user);
    return { key, url: link(url) };
  }
}
