import { Command } from '@nestjs/cqrs';
import type { AppendResult } from './event-store.port';
import type { DecisionMeta } from './load-decide-append';

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
