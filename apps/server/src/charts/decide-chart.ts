/** Every change to a chart (`chart:<id>`), creation included, as one command on the Nest CommandBus. */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';
import { chartDecider, type ChartCommand } from './chart.decider';
import { chartStream } from './chart.events';

export class DecideChart extends DecideOn<number, ChartCommand> {}

@CommandHandler(DecideChart)
export class DecideChartHandler implements ICommandHandler<DecideChart> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: chartId, command, meta }: DecideChart): Promise<AppendResult> {
    return this.runner.loadDecideAppend(chartStream(chartId), chartDecider, command, undefined, meta);
  }
}
