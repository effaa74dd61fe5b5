/** Every change to a dataset (`dataset:<id>`), creation included, as one command on the Nest CommandBus. */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { datasetDecider, datasetStream, type DatasetCommand } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';

export class DecideDataset extends DecideOn<number, DatasetCommand> {}

@CommandHandler(DecideDataset)
export class DecideDatasetHandler implements ICommandHandler<DecideDataset> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: datasetId, command, meta }: DecideDataset): Promise<AppendResult> {
    return this.runner.loadDecideAppend(datasetStream(datasetId), datasetDecider, command, undefined, meta);
  }
}
