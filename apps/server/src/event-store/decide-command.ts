import type { Type } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Decider, EventLike } from '@strata/events';
import type { AppendResult } from './event-store.port';
import { DecisionRunner, type DecisionMeta } from './load-decide-append';

/**
 * A decision on one aggregate as a command on the Nest CommandBus: which aggregate, the domain's command,
 * who asks. Each context declares its own subclass (`class DecideChart extends DecideOn<number,
 * ChartCommand> {}`), so the bus routes it to that context's handler.
 */
export abstract class DecideOn<Id, C> extends Command<AppendResult> {
  constructor(
    readonly id: Id,
    readonly command: C,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

/**
 * The handler of a context whose commands need nothing but their stream and decider: load the aggregate's
 * stream, decide, append (`DecisionRunner`). One definition for them all, so a context's command file says
 * only which command goes to which stream and rules (`decisionHandler(DecideChart, chartStream,
 * chartDecider)`); a context with more to do (a write alongside, a context for `decide`) keeps its own.
 */
export function decisionHandler<Id, C, S, E extends EventLike>(
  command: Type<DecideOn<Id, C>>,
  streamOf: (id: Id) => string,
  decider: Decider<S, E, C, undefined>,
): Type<ICommandHandler<DecideOn<Id, C>>> {
  @CommandHandler(command)
  class StreamDecisionHandler implements ICommandHandler<DecideOn<Id, C>> {
    constructor(readonly runner: DecisionRunner) {}

    execute({ id, command: decided, meta }: DecideOn<Id, C>): Promise<AppendResult> {
      return this.runner.loadDecideAppend(streamOf(id), decider, decided, undefined, meta);
    }
  }
  // Nest names providers by class: the command's name keeps its errors and logs readable.
  Object.defineProperty(StreamDecisionHandler, 'name', { value: `${command.name}Handler` });
  return StreamDecisionHandler;
}
