/**
 * Explore's writes as commands on the Nest CommandBus, each decided by the domain on its own stream:
 * a permalink (`explore_permalink:<key>`, written once) and the form data cache (`explore_form_data:<key>`,
 * created once, then updated by its owner only).
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  exploreFormDataDecider,
  exploreFormDataStream,
  explorePermalinkDecider,
  explorePermalinkStream,
  type CreateExplorePermalink,
  type FormDataCommand,
} from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';

export class DecideExplorePermalink extends DecideOn<string, CreateExplorePermalink> {}

@CommandHandler(DecideExplorePermalink)
export class DecideExplorePermalinkHandler implements ICommandHandler<DecideExplorePermalink> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: key, command, meta }: DecideExplorePermalink): Promise<AppendResult> {
    return this.runner.loadDecideAppend(explorePermalinkStream(key), explorePermalinkDecider, command, undefined, meta);
  }
}

export class DecideFormData extends DecideOn<string, FormDataCommand> {}

@CommandHandler(DecideFormData)
export class DecideFormDataHandler implements ICommandHandler<DecideFormData> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: key, command, meta }: DecideFormData): Promise<AppendResult> {
    return this.runner.loadDecideAppend(exploreFormDataStream(key), exploreFormDataDecider, command, undefined, meta);
  }
}
