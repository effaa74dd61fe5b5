/** Every change to a dataset (`dataset:<id>`), creation included, as one command on the Nest CommandBus. */
import { datasetDecider, datasetStream, type DatasetCommand } from '@strata/domain';
import { decisionHandler, DecideOn } from '../event-store/decide-command';

export class DecideDataset extends DecideOn<number, DatasetCommand> {}

export const DecideDatasetHandler = decisionHandler(DecideDataset, datasetStream, datasetDecider);
