/** Every change to a chart (`chart:<id>`), creation included, as one command on the Nest CommandBus. */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { chartDecider, chartStream, type ChartCommand } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';

export class DecideChart extends DecideOn<number, ChartCommand> {}

@CommandHandler(DecideChart)
export class DecideChartHandler implements ICommandHandler<DecideChart> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: chartId, command, meta }: DecideChart): Promise<AppendResult> {
    return this.runner.loadDecideAppend(chartStream(chartId), chartDecider, command, undefined, meta);
  }
}
