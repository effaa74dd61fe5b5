/** A user's preferences (`user-preferences:<userId>`) as a command on the Nest CommandBus. */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { preferencesDecider, userPreferencesStream, type ChangeThemePreference } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';

export class DecidePreferences extends DecideOn<number, ChangeThemePreference> {}

@CommandHandler(DecidePreferences)
export class DecidePreferencesHandler implements ICommandHandler<DecidePreferences> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: userId, command, meta }: DecidePreferences): Promise<AppendResult> {
    return this.runner.loadDecideAppend(userPreferencesStream(userId), preferencesDecider, command, undefined, meta);
  }
}
