/**
 * `POST /api/v1/report/{id}/run` (issue 14 item 2, run now): the same permission as editing the schedule
 * (ReportSchedule can_write; owners, the creator and admins: another's is 403, a missing one 404), runs
 * it now (trigger manual, scheduled at now: an inactive schedule runs too) and answers when the run ended:
 * 200 `{result: {state, run_id}}`, or 422 with the domain's reason when the run is refused (one in
 * progress). Its own controller rather than a route of ReportsController: this module imports MailModule,
 * which imports ReportsModule, so ReportsModule cannot import this one without a cycle.
 */
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ErrorType, isAdmin, Permission, PermissionView as View } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { pathId } from '../common/ids';
import { ReportRunService } from './report-run.service';

@Controller('api/v1/report')
export class ReportRunController {
  constructor(
    private readonly runs: ReportRunService,
    private readonly dataSource: DataSource,
  ) {}

  @Post(':id/run')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.REPORT_SCHEDULE)
  async run(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    await this.checkRunnable(id, user);
    const result = await this.runs.run({
      reportId: id,
      scheduledAt: new Date().toISOString(),
      trigger: 'manual',
      actor: String(user.id),
    });
    if (result.outcome === 'refused')
      throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, result.reason);
    return { result: { state: result.state, run_id: result.runId } };
  }

  /** reports.service.ts's rule for changing a schedule: 404 when missing, 403 when not the user's. */
  private async checkRunnable(id: number, user: CurrentUser): Promise<void> {
    const rows = (await this.dataSource.query(`SELECT created_by, owners FROM report_schedule WHERE id = $1`, [
      id,
    ])) as { created_by: number | null; owners: number[] }[];
    const row = rows[0];
    if (!row) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');
    if (!(isAdmin(user) || row.created_by === user.id || row.owners.includes(user.id)))
      throw new StrataHttpException(
        403,
        ErrorType.MISSING_OWNERSHIP_ERROR,
        'Running this report schedule is forbidden',
      );
  }
}
