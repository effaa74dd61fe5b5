/**
 * One request's user-log entries: one command on the Nest CommandBus, decided on the user's log stream
 * (`userlog:<userId>`, or `userlog:guest` for embedded guests) and appended as one batch.
 */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userLogDecider, userLogStream, type UserLogCommand } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';

export class LogUserEvents extends Command<AppendResult> {
  constructor(
    /** The user's id, or 'guest' for embedded guests (they have no user id: they share one stream). */
    readonly logOwner: number | 'guest',
    readonly command: UserLogCommand,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(LogUserEvents)
export class LogUserEventsHandler implements ICommandHandler<LogUserEvents> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ logOwner, command, meta }: LogUserEvents): Promise<AppendResult> {
    return this.runner.loadDecideAppend(userLogStream(logOwner), userLogDecider, command, undefined, meta);
  }
}
