/** Sharing a SQL Lab tab as a link: one command on the Nest CommandBus, decided on the new key's stream. */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sqlLabPermalinkDecider, sqlLabPermalinkStream, type SqlLabPermalinkState } from '@strata/domain';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../../event-store/load-decide-append';

export class CreateSqlLabPermalink extends Command<AppendResult> {
  constructor(
    /** Random and unguessable, made by the caller (no randomness in the domain). */
    readonly key: string,
    readonly state: SqlLabPermalinkState,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(CreateSqlLabPermalink)
export class CreateSqlLabPermalinkHandler implements ICommandHandler<CreateSqlLabPermalink> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ key, state, meta }: CreateSqlLabPermalink): Promise<AppendResult> {
    return this.runner.loadDecideAppend(
      sqlLabPermalinkStream(key),
      sqlLabPermalinkDecider,
      { type: 'CreateSqlLabPermalink', key, state },
      undefined,
      // A new key's stream must not exist yet.
      { ...meta, expectedVersion: 0 },
    );
  }
}
