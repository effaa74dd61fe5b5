/**
 * Sends a run's content to every recipient of the schedule (mail/ does the sending and records
 * `mailSent`/`mailOutboxed`): one mail per Email recipient, one POST per Webhook. Each delivery is retried
 * on its own while its failure is transient; a permanent one is not tried again. All are tried, so one bad
 * recipient does not keep the others from their report; the run fails if any did not get it.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { Recipient } from '@strata/domain';
import { DeliveryError } from '../mail/delivery-error';
import { MailConfig } from '../mail/mail-config';
import { MailDelivery } from '../mail/mail-delivery.service';
import { reportMail, type ReportMailContent } from '../mail/mail-message';
import type { ReportRow } from '../reports/report-json';
import type { ReportContent } from './report-content';
import { withRetries, type RetryPolicy } from './retry';

export interface DeliveryContext {
  runId: string;
  actor: string;
  /** The chart or dashboard, absolute. */
  url: string;
  retry: Omit<RetryPolicy, 'transient'>;
}

/** Subject prefix: a Report's is the configured one ("[Report] "), an Alert's "[Alert] ". */
export const subjectPrefix = (report: Pick<ReportRow, 'type'>, configured: string) =>
  report.type === 'Alert' ? '[Alert] ' : configured;

const transientDelivery = (error: unknown) => error instanceof DeliveryError && error.transient;

/** A webhook's files under Superset's names (mail/webhook-sender.ts). */
function webhookFiles(content: ReportContent) {
  return [
    ...content.images.map((png, i) => ({ filename: `screenshot_${i}.png`, contentType: 'image/png', content: png })),
    ...content.files,
  ];
}

@Injectable()
export class ReportDelivery {
  private readonly log = new Logger('ReportDelivery');

  constructor(
    private readonly mail: MailDelivery,
    private readonly config: MailConfig,
  ) {}

  /** Resolves when every recipient got the content; rejects with every failure's message otherwise. */
  async deliver(report: ReportRow, content: ReportContent, ctx: DeliveryContext): Promise<void> {
    const failures: string[] = [];
    for (const recipient of report.recipients) {
      // Past the run's deadline the run has ended as Error: nobody gets a report it does not record.
      if (Date.now() >= ctx.retry.deadline) {
        failures.push('The run reached its working timeout before every recipient got the report.');
        break;
      }
      try {
        await withRetries(() => this.one(report, recipient, content, ctx), {
          ...ctx.retry,
          transient: transientDelivery,
          onRetry: (error, attempt, delay) =>
            this.log.warn(
              `report ${report.id} run ${ctx.runId}: attempt ${attempt} failed (${(error as Error).message}); again in ${delay} ms`,
            ),
        });
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
    if (failures.length > 0) throw new DeliveryError([...new Set(failures)].join(' '), false);
  }

  private async one(report: ReportRow, recipient: Recipient, content: ReportContent, ctx: DeliveryContext) {
    if (recipient.type === 'Webhook') {
      await this.mail.postWebhook(recipient.url, {
        name: report.name,
        description: report.description,
        url: ctx.url,
        type: report.type,
        format: report.report_format,
        source: report.chart_id !== null ? 'chart' : 'dashboard',
        chartId: report.chart_id,
        dashboardId: report.dashboard_id,
        state: 'Success',
        files: webhookFiles(content),
      });
      return;
    }
    const mail: ReportMailContent = {
      name: report.name,
      description: report.description,
      url: ctx.url,
      recipients: { to: recipient.to, cc: recipient.cc, bcc: recipient.bcc },
      images: content.images,
      files: content.files,
      table: content.table,
    };
    await this.mail.send(report.id, reportMail(mail, subjectPrefix(report, this.config.subjectPrefix)), {
      runId: ctx.runId,
      actor: ctx.actor,
    });
  }

  /**
   * Superset's error notice to the owners ("Error occurred for <type>: <name>"), once the domain agreed
   * they should hear of it (NotifyOwnersOfError). Retried like a report; a failure is only logged: the
   * run is already an Error with its own message.
   */
  async notifyOwners(report: ReportRow, addresses: string[], error: string, ctx: DeliveryContext): Promise<void> {
    if (addresses.length === 0) return;
    const message = reportMail(
      {
        name: `Error occurred for ${report.type}: ${report.name}`,
        url: ctx.url,
        recipients: { to: addresses, cc: [], bcc: [] },
        error,
      },
      subjectPrefix(report, this.config.subjectPrefix),
    );
    try {
      await withRetries(() => this.mail.send(report.id, message, { runId: ctx.runId, actor: ctx.actor }), {
        ...ctx.retry,
        transient: transientDelivery,
      });
    } catch (failure) {
      this.log.warn(`report ${report.id}: the owners' error notice was not delivered: ${(failure as Error).message}`);
    }
  }
}
