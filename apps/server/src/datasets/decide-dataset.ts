/** Every change to a dataset (`dataset:<id>`), creation included, as one command on the Nest CommandBus. */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';
import { datasetDecider, type DatasetCommand } from './dataset.decider';
import { datasetStream } from './dataset.events';

export class DecideDataset extends Command<AppendResult> {
  constructor(
    readonly datasetId: number,
    readonly command: DatasetCommand,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(DecideDataset)
export class DecideDatasetHandler implements ICommandHandler<DecideDataset> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ datasetId, command, meta }: DecideDataset): Promise<AppendResult> {
    return this.runner.loadDecideAppend(datasetStream(datasetId), datasetDecider, command, undefined, meta);
  }
}
