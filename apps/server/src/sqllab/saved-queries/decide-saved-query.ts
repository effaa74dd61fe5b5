/** Every change to a saved query (`saved_query:<id>`), creation included, as one command on the Nest CommandBus. */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { savedQueryDecider, savedQueryStream, type SavedQueryCommand, type SavedQueryContext } from '@strata/domain';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../../event-store/load-decide-append';

export class DecideSavedQuery extends Command<AppendResult> {
  constructor(
    readonly savedQueryId: number,
    readonly command: SavedQueryCommand,
    /** Who decides (ownership is the decider's rule). */
    readonly context: SavedQueryContext,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(DecideSavedQuery)
export class DecideSavedQueryHandler implements ICommandHandler<DecideSavedQuery> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ savedQueryId, command, context, meta }: DecideSavedQuery): Promise<AppendResult> {
    return this.runner.loadDecideAppend(savedQueryStream(savedQueryId), savedQueryDecider, command, context, meta);
  }
}
