/** Every change to a report schedule (`report:<id>`), creation and runs included, as one command on the CommandBus. */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { reportDecider, reportStream, type ReportCommand } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';

export class DecideReport extends DecideOn<number, ReportCommand> {}

@CommandHandler(DecideReport)
export class DecideReportHandler implements ICommandHandler<DecideReport> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id, command, meta }: DecideReport): Promise<AppendResult> {
    return this.runner.loadDecideAppend(reportStream(id), reportDecider, command, undefined, meta);
  }
}
