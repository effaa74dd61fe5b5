/** Every change to a chart (`chart:<id>`), creation included, as one command on the Nest CommandBus. */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';
import { chartDecider, type ChartCommand } from './chart.decider';
import { chartStream } from './chart.events';

export class DecideChart extends Command<AppendResult> {
  constructor(
    readonly chartId: number,
    readonly command: ChartCommand,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(DecideChart)
export class DecideChartHandler implements ICommandHandler<DecideChart> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ chartId, command, meta }: DecideChart): Promise<AppendResult> {
    return this.runner.loadDecideAppend(chartStream(chartId), chartDecider, command, undefined, meta);
  }
}
