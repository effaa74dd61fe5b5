/**
 * A sign-in fact (security/loggedIn, loginFailed, loggedOut) as one command on the Nest CommandBus,
 * decided by the domain's loginDecider on its login stream (`login:<username>`, or the unknown-users
 * stream). The session or token row a login creates is written beside the event, in its transaction
 * (`alongside`), so both happen or neither; it never enters the log.
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { loginDecider, type LoginCommand } from '@strata/domain';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecideOn } from '../../event-store/decide-command';
import { DecisionRunner, type DecisionMeta, type DecisionOptions } from '../../event-store/load-decide-append';

/** `id`: the login stream. */
export class DecideLogin extends DecideOn<string, LoginCommand> {
  constructor(
    stream: string,
    command: LoginCommand,
    meta: DecisionMeta,
    readonly alongside?: DecisionOptions['alongside'],
  ) {
    super(stream, command, meta);
  }
}

@CommandHandler(DecideLogin)
export class DecideLoginHandler implements ICommandHandler<DecideLogin> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: stream, command, meta, alongside }: DecideLogin): Promise<AppendResult> {
    return this.runner.loadDecideAppend(stream, loginDecider, command, undefined, meta, alongside ? { alongside } : {});
  }
}
