/** The audit record of a finished CSV export: one command on the Nest CommandBus, decided on `export:<userId>`. */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { dataExportDecider, dataExportStream, type DataExportRecord } from '@strata/domain';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../../event-store/load-decide-append';

export class RecordDataExport extends Command<AppendResult> {
  constructor(
    readonly userId: number,
    readonly record: DataExportRecord,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(RecordDataExport)
export class RecordDataExportHandler implements ICommandHandler<RecordDataExport> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ userId, record, meta }: RecordDataExport): Promise<AppendResult> {
    return this.runner.loadDecideAppend(
      dataExportStream(userId),
      dataExportDecider,
      { type: 'RecordDataExport', record },
      undefined,
      meta,
    );
  }
}
