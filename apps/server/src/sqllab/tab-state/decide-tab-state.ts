/**
 * Every write to a user's server-side tabs as one command on the Nest CommandBus: load the user's stream
 * `tabstate:<userId>`, fold it, let the pure tabStateDecider decide, append with the loaded version
 * (a concurrent save of the same user is decided again on the newer stream, never blindly appended).
 */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { tabStateDecider, tabStateStream, type TabStateCommand } from '@strata/domain';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../../event-store/load-decide-append';

export class DecideTabState extends Command<AppendResult> {
  constructor(
    readonly userId: number,
    readonly command: TabStateCommand,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(DecideTabState)
export class DecideTabStateHandler implements ICommandHandler<DecideTabState> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ userId, command, meta }: DecideTabState): Promise<AppendResult> {
    return this.runner.loadDecideAppend(tabStateStream(userId), tabStateDecider, command, undefined, meta);
  }
}
