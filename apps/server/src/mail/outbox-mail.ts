/**
 * Puts a mail in the outbox: decides `PutMailInOutbox` on the schedule's stream and stores the message
 * in the same transaction (DecisionOptions.alongside), so the log and the outbox agree.
 */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { reportDecider, reportStream } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';
import { recipientCount } from './mail-message';
import { OutboxStore, type StoredMail } from './outbox-store';

export class OutboxMail extends Command<AppendResult> {
  constructor(
    readonly mail: StoredMail,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(OutboxMail)
export class OutboxMailHandler implements ICommandHandler<OutboxMail> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly outbox: OutboxStore,
  ) {}

  execute({ mail, meta }: OutboxMail): Promise<AppendResult> {
    const { deliveryId, runId, at, message } = mail;
    return this.runner.loadDecideAppend(
      reportStream(mail.reportId),
      reportDecider,
      {
        type: 'PutMailInOutbox',
        data: { deliveryId, runId, at, subject: message.subject, recipients: recipientCount(message) },
      },
      undefined,
      meta,
      { alongside: (tx) => this.outbox.insert(tx, mail) },
    );
  }
}
