/** Every change to a chart (`chart:<id>`), creation included, as one command on the Nest CommandBus. */
import { chartDecider, chartStream, type ChartCommand } from '@strata/domain';
import { decisionHandler, DecideOn } from '../event-store/decide-command';

export class DecideChart extends DecideOn<number, ChartCommand> {}

export const DecideChartHandler = decisionHandler(DecideChart, chartStream, chartDecider);
