import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module';
import { loadMailConfig, MailConfig } from './mail-config';
import { MailDelivery } from './mail-delivery.service';
import { OutboxMailHandler } from './outbox-mail';
import { OutboxController } from './outbox.controller';
import { OutboxStore } from './outbox-store';

/**
 * Mail and webhook delivery for report schedules (issue 14 items 4 and 5): MailDelivery for the report
 * executor, the outbox and its API. Imports ReportsModule so the schedule's command handler and read
 * model are there, and so its routes are registered after... see CONTEXT.md "Routes".
 */
@Module({
  imports: [ReportsModule],
  controllers: [OutboxController],
  providers: [
    { provide: MailConfig, useFactory: () => loadMailConfig(process.env) },
    MailDelivery,
    OutboxStore,
    OutboxMailHandler,
  ],
  exports: [MailDelivery, MailConfig],
})
export class MailModule {}
