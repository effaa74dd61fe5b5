/**
 * What the report executor calls to deliver (issue 14 item 4): a report's mail through SMTP, or into the
 * outbox when no `SMTP_HOST` is configured (item 5), and webhooks. Either way the fact lands on the
 * schedule's stream (`report/mailSent`, `report/mailOutboxed`); a failure is a DeliveryError whose
 * `transient` says whether retrying with back-off may help.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ReportCommand } from '@strata/domain';
import { randomUUID } from 'node:crypto';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideReport } from '../reports/decide-report';
import { MailConfig, type SmtpSettings } from './mail-config';
import { recipientCount, reportMail, type MailMessage, type ReportMailContent } from './mail-message';
import { OutboxMail } from './outbox-mail';
import { sendSmtp } from './smtp-sender';
import { postWebhook, type WebhookReport } from './webhook-sender';

export interface MailOptions {
  /** The run this mail belongs to (null for none). */
  runId?: string | null;
  /** Who the events name as actor (default 'system', the scheduler). */
  actor?: string;
  /** The instant recorded (default now). */
  at?: Date;
}

export interface MailDelivered {
  deliveryId: string;
  /** true: put in the outbox, not sent. */
  outboxed: boolean;
  /** The SMTP server's reply when sent. */
  response?: string;
}

@Injectable()
export class MailDelivery {
  constructor(
    private readonly config: MailConfig,
    private readonly bus: CommandBus,
  ) {}

  /** True when no SMTP server is configured and mails go to the outbox. */
  get outboxMode(): boolean {
    return this.config.smtp === null;
  }

  /** The mail of a report run (subject prefix, link, inline screenshots, files, table), delivered. */
  sendReport(reportId: number, content: ReportMailContent, options: MailOptions = {}): Promise<MailDelivered> {
    return this.send(reportId, reportMail(content, this.config.subjectPrefix), options);
  }

  async send(reportId: number, message: MailMessage, options: MailOptions = {}): Promise<MailDelivered> {
    const deliveryId = randomUUID();
    const at = (options.at ?? new Date()).toISOString();
    const runId = options.runId ?? null;
    const meta = { actor: options.actor ?? 'system', undoable: false, commandId: `mail:${deliveryId}` };
    const smtp = this.config.smtp;
    if (!smtp) {
      await this.bus.execute(
        new OutboxMail({ deliveryId, reportId, runId, at, from: this.config.from, message }, meta),
      );
      return { deliveryId, outboxed: true };
    }
    const receipt = await sendSmtp({ ...this.config, smtp } as MailConfig & { smtp: SmtpSettings }, message);
    const command: ReportCommand = {
      type: 'RecordMailSent',
      data: { deliveryId, runId, at, subject: message.subject, recipients: recipientCount(message) },
    };
    await this.bus.execute<DecideReport, AppendResult>(new DecideReport(reportId, command, meta));
    return { deliveryId, outboxed: false, response: receipt.response };
  }

  /** POSTs the report to a webhook recipient; resolves with the 2xx status. */
  postWebhook(url: string, report: WebhookReport): Promise<number> {
    return postWebhook(url, report, this.config.timeouts.webhookMs);
  }
}
