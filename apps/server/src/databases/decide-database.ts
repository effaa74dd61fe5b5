/**
 * Every change to a database connection (`database:<id>`), creation and adoption included, as one
 * command on the Nest CommandBus, decided by the domain's databaseDecider. The encrypted password (never
 * an event) is written beside the append, in its transaction (`alongside`).
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { databaseDecider, databaseStream, type DatabaseCommand } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner, type DecisionMeta, type DecisionOptions } from '../event-store/load-decide-append';

export class DecideDatabase extends DecideOn<number, DatabaseCommand> {
  constructor(
    id: number,
    command: DatabaseCommand,
    meta: DecisionMeta,
    readonly alongside?: DecisionOptions['alongside'],
  ) {
    super(id, command, meta);
  }
}

@CommandHandler(DecideDatabase)
export class DecideDatabaseHandler implements ICommandHandler<DecideDatabase> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id, command, meta, alongside }: DecideDatabase): Promise<AppendResult> {
    return this.runner.loadDecideAppend(
      databaseStream(id),
      databaseDecider,
      command,
      undefined,
      meta,
      alongside ? { alongside } : {},
    );
  }
}
