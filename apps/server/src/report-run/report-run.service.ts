/**
 * The report executor (issue 14 item 4): one run of a report or alert schedule from its start to its end,
 * every step decided on the schedule's stream (`report:<id>`) through the CommandBus. The scheduler
 * (report-scheduler/) and `POST /api/v1/report/{id}/run` call `run`; see CONTEXT.md for the steps.
 */
import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { WORKING_TIMEOUT_ERROR, type ReportCommand } from '@strata/domain';
import { DomainError } from '@strata/events';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { RolesService } from '../auth/roles/roles.service';
import { UsersService } from '../auth/users/users.service';
import { isErrorResponseBody } from '../common/error-body';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideReport } from '../reports/decide-report';
import { REPORT_SELECT, type ReportRow } from '../reports/report-json';
import { AlertQuery } from './alert-query';
import { ReportContentMaker, transientRender } from './report-content';
import { ReportDelivery, type DeliveryContext } from './report-delivery';
import { ReportRunConfig } from './run-config';
import { withRetries, within } from './retry';

export interface RunRequest {
  reportId: number;
  /** The cron's instant (or now for a manual run), ISO-8601 UTC. */
  scheduledAt: string;
  trigger: 'schedule' | 'manual';
  /** Who the events name as actor: the user who asked for a manual run; 'system' (the scheduler) by default. */
  actor?: string;
}

export type RunResult =
  | { outcome: 'refused'; reason: string }
  | { outcome: 'done'; runId: string; state: 'Success' | 'Error' | 'Not triggered' | 'On Grace' };

/** The run's deadline passed (working_timeout): the run ends as Error, whatever step it was in. */
class RunTimeout extends Error {}

/** A readable message for any failure: an API error's message, never a stack. */
function messageOf(error: unknown): string {
  const response = (error as { getResponse?: () => unknown }).getResponse?.();
  if (isErrorResponseBody(response)) return response.message;
  return error instanceof Error ? error.message : String(error);
}

@Injectable()
export class ReportRunService {
  private readonly log = new Logger('ReportRun');

  constructor(
    private readonly bus: CommandBus,
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly roles: RolesService,
    private readonly alerts: AlertQuery,
    private readonly content: ReportContentMaker,
    private readonly delivery: ReportDelivery,
    private readonly config: ReportRunConfig,
  ) {}

  async run(request: RunRequest): Promise<RunResult> {
    const report = await this.report(request.reportId);
    if (!report) return { outcome: 'refused', reason: `Report schedule ${request.reportId} does not exist.` };
    const runId = randomUUID();
    const actor = request.actor ?? 'system';
    const started = new Date();
    let events: AppendResult['events'];
    try {
      ({ events } = await this.decide(report.id, actor, {
        type: 'StartRun',
        data: {
          runId,
          scheduledAt: request.scheduledAt,
          at: started.toISOString(),
          manual: request.trigger === 'manual',
        },
      }));
    } catch (error) {
      if (error instanceof DomainError) return { outcome: 'refused', reason: error.message };
      throw error;
    }
    // This start ended a stuck run first (the process running it died): its owners hear of it as the
    // sweep's would tell them. Told alongside the new run, so a slow mail server does not eat its time;
    // `run` still answers only once the notice is done.
    const stuck = events.find((e) => e.type === 'report/runTimedOut');
    const notice = stuck
      ? this.notifyTimedOut(report.id, (stuck.data as { runId: string }).runId, actor).catch((error: unknown) =>
          this.log.error(`report ${report.id}: the owners' timeout notice failed: ${messageOf(error)}`),
        )
      : Promise.resolve();
    try {
      return await this.afterStart(report, runId, actor, started, events);
    } finally {
      await notice;
    }
  }

  /** The run once started: On Grace ends it at once; otherwise the work within its deadline, then its end. */
  private async afterStart(
    report: ReportRow,
    runId: string,
    actor: string,
    started: Date,
    events: AppendResult['events'],
  ): Promise<RunResult> {
    if (events.some((e) => e.type === 'report/runOnGrace')) return { outcome: 'done', runId, state: 'On Grace' };

    const deadline = started.getTime() + report.working_timeout * 1000;
    const ctx: DeliveryContext = {
      runId,
      actor,
      url: this.linkTo(report),
      retry: { delaysMs: this.config.retryDelaysMs, deadline },
    };
    try {
      const state = await within(deadline - Date.now(), this.work(report, ctx), () => new RunTimeout());
      if (state === 'Not triggered') return { outcome: 'done', runId, state };
      await this.decide(report.id, actor, { type: 'SucceedRun', data: { runId, at: new Date().toISOString() } });
      return { outcome: 'done', runId, state: 'Success' };
    } catch (error) {
      const message = error instanceof RunTimeout ? WORKING_TIMEOUT_ERROR : messageOf(error);
      await this.fail(report, ctx, message);
      return { outcome: 'done', runId, state: 'Error' };
    }
  }

  /** Alert check, content, delivery: resolves when sent, or 'Not triggered'. */
  private async work(report: ReportRow, ctx: DeliveryContext): Promise<'Sent' | 'Not triggered'> {
    const executor = await this.executor(report);
    if (report.type === 'Alert') {
      const value = await this.alerts.value(
        report.database_id!,
        report.sql ?? '',
        executor,
        ctx.retry.deadline - Date.now(),
      );
      const { events } = await this.decide(report.id, ctx.actor, {
        type: 'EvaluateAlert',
        data: { runId: ctx.runId, value, at: new Date().toISOString() },
      });
      if (events.some((e) => e.type === 'report/runNotTriggered')) return 'Not triggered';
    }
    const content = await withRetries(() => this.content.make(report, executor), {
      ...ctx.retry,
      transient: transientRender,
      onRetry: (error, attempt, delay) =>
        this.log.warn(
          `report ${report.id} run ${ctx.runId}: content attempt ${attempt} failed (${messageOf(error)}); again in ${delay} ms`,
        ),
    });
    if (Date.now() >= ctx.retry.deadline) throw new RunTimeout();
    await this.delivery.deliver(report, content, ctx);
    return 'Sent';
  }

  /**
   * The owners' notice of a run ended as timed out (the process running it died): by the scheduler's sweep
   * (`TimeOutRun`), or by a new `StartRun` that found it stuck (`run` above),
   * told as a run's own failure is (`notifyOwners`). A schedule deleted meanwhile tells nobody.
   */
  async notifyTimedOut(reportId: number, runId: string, actor = 'system'): Promise<void> {
    const report = await this.report(reportId);
    if (report) await this.notifyOwners(report, runId, actor, WORKING_TIMEOUT_ERROR);
  }

  /** FailRun, then the owners' error notice when the domain says it is news. */
  private async fail(report: ReportRow, ctx: DeliveryContext, message: string): Promise<void> {
    try {
      await this.decide(report.id, ctx.actor, {
        type: 'FailRun',
        data: { runId: ctx.runId, at: new Date().toISOString(), error: message },
      });
    } catch (error) {
      // The run was ended already (the scheduler's timeout sweep): it stays as that decided.
      if (error instanceof DomainError) return;
      throw error;
    }
    await this.notifyOwners(report, ctx.runId, ctx.actor, message);
  }

  /**
   * `NotifyOwnersOfError`, then the owners' mail when the domain says the schedule's Error is news (at
   * most once per grace period, a success resets it).
   */
  private async notifyOwners(report: ReportRow, runId: string, actor: string, message: string): Promise<void> {
    try {
      await this.decide(report.id, actor, { type: 'NotifyOwnersOfError', data: { at: new Date().toISOString() } });
    } catch (error) {
      if (error instanceof DomainError) return; // report_error_not_news: told within the grace period.
      throw error;
    }
    // The notice has its own time: the run's deadline may be why it failed.
    const retry = { delaysMs: this.config.retryDelaysMs, deadline: Date.now() + 5 * 60_000 };
    const ctx: DeliveryContext = { runId, actor, url: this.linkTo(report), retry };
    await this.delivery.notifyOwners(report, await this.ownerAddresses(report), message, ctx);
  }

  /** Whose eyes the run uses (Superset's owner executor): the first owner, else the creator. */
  private async executor(report: ReportRow): Promise<CurrentUser> {
    const id = report.owners[0] ?? report.created_by;
    const row = id === null || id === undefined ? null : await this.users.findById(id);
    if (!row || row.active === false) throw new Error(`The report's owner (user ${id}) is no longer an active user.`);
    return { ...row, permissions: await this.roles.permissionsOf(row.roles), via: 'bearer' };
  }

  private async ownerAddresses(report: ReportRow): Promise<string[]> {
    const ids = [...new Set([...report.owners, ...(report.created_by ? [report.created_by] : [])])];
    const rows = (await this.dataSource.query(
      `SELECT email FROM users WHERE id = ANY($1::int[]) AND active AND coalesce(email, '') <> '' ORDER BY id`,
      [ids],
    )) as { email: string }[];
    return rows.map((r) => r.email);
  }

  /** The link back in a mail (Superset's "Explore in Superset"), absolute. */
  private linkTo(report: ReportRow): string {
    const path =
      report.chart_id !== null
        ? `/explore/?slice_id=${report.chart_id}`
        : `/superset/dashboard/${report.dashboard_id}/`;
    return `${this.config.linkBaseUrl}${path}`;
  }

  private async report(id: number): Promise<ReportRow | null> {
    const rows = (await this.dataSource.query(`${REPORT_SELECT} WHERE r.id = $1`, [id])) as ReportRow[];
    return rows[0] ?? null;
  }

  private decide(reportId: number, actor: string, command: ReportCommand): Promise<AppendResult> {
    return this.bus.execute<DecideReport, AppendResult>(
      new DecideReport(reportId, command, { actor, undoable: false }),
    );
  }
}
