/**
 * `/api/v1/report/` (charts-dashboards-reports §7 Reports; Superset's ReportScheduleRestApi): list, read,
 * create, change (the full body or `{active}` only), delete, and a schedule's execution log. Every route
 * needs the ReportSchedule permission (Alpha and Admin; Gamma has none, REFERENCE.md §6.1); what a user
 * may see or change among schedules is the service's rule.
 */
import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { relatedOwners, relatedOwnersQuery, type RelatedOwnersQuery } from '../auth/users/related-owners';
import { UsersService } from '../auth/users/users.service';
import { StrataHttpException } from '../common/error-body';
import { pathId } from '../common/ids';
import { RisonQuery } from '../common/rison';
import { ZodBody } from '../common/zod-validation.pipe';
import { createReportSchema, updateReportSchema, type ReportBody } from './report-body';
import { ReportList, reportListQuery, type ReportListQuery } from './report-list';
import { ReportLog, reportLogQuery, type ReportLogQuery } from './report-log';
import { ReportsService } from './reports.service';

const notFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

@Controller('api/v1/report')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly lists: ReportList,
    private readonly logs: ReportLog,
    private readonly users: UsersService,
  ) {}

  /** The users a schedule's owners may be chosen from (the report modal's owners search; Superset's related/owners). */
  @Get('related/owners')
  @RequirePermission(Permission.WRITE, View.REPORT_SCHEDULE)
  async relatedOwners(@RisonQuery(relatedOwnersQuery) q: RelatedOwnersQuery, @ReqUser() user: CurrentUser) {
    return await relatedOwners(this.users, q, user);
  }

  @Get()
  @RequirePermission(Permission.READ, View.REPORT_SCHEDULE)
  list(@RisonQuery(reportListQuery) q: ReportListQuery, @ReqUser() user: CurrentUser) {
    return this.lists.list(q, user);
  }

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.REPORT_SCHEDULE)
  async create(
    @ZodBody(createReportSchema) body: ReportBody & { type: string; name: string; crontab: string },
    @ReqUser() user: CurrentUser,
  ) {
    const result = await this.reports.create(body as Parameters<ReportsService['create']>[0], user);
    return { id: result.id, result };
  }

  @Get(':id')
  @RequirePermission(Permission.READ, View.REPORT_SCHEDULE)
  async get(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    const result = await this.reports.get(id, user);
    if (!result) throw notFound();
    return { id, result };
  }

  @Put(':id')
  @RequirePermission(Permission.WRITE, View.REPORT_SCHEDULE)
  async update(
    @Param('id') param: string,
    @ZodBody(updateReportSchema) body: ReportBody,
    @ReqUser() user: CurrentUser,
  ) {
    const id = pathId(param);
    return { id, result: await this.reports.update(id, body, user) };
  }

  @Delete(':id')
  @RequirePermission(Permission.WRITE, View.REPORT_SCHEDULE)
  async remove(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    await this.reports.delete(pathId(param), user);
    return { message: 'OK' };
  }

  @Get(':id/log')
  @RequirePermission(Permission.READ, View.REPORT_SCHEDULE)
  async log(@Param('id') param: string, @RisonQuery(reportLogQuery) q: ReportLogQuery, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    if (!(await this.reports.get(id, user))) throw notFound();
    return this.logs.list(id, q);
  }
}
