/**
 * A step of a SQL Lab run (`query:<client_id>`) as a command on the Nest CommandBus. A run and a Stop
 * write the same stream from different places (the worker, the Stop request), so a version conflict is
 * decided again on the new state: the decider then says what the late command still means (a success
 * after Stop means nothing).
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { queryRunDecider, queryStream, type QueryRunCommand } from '@strata/domain';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecideOn } from '../../event-store/decide-command';
import { DecisionRunner } from '../../event-store/load-decide-append';

export class DecideQueryRun extends DecideOn<string, QueryRunCommand> {}

@CommandHandler(DecideQueryRun)
export class DecideQueryRunHandler implements ICommandHandler<DecideQueryRun> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: clientId, command, meta }: DecideQueryRun): Promise<AppendResult> {
    return this.runner.loadDecideAppend(queryStream(clientId), queryRunDecider, command, undefined, meta);
  }
}
