/**
 * The `query:<client_id>` streams for the executor, Stop and recovery: the folded state of a run, and
 * its steps sent as DecideQueryRun on the CommandBus (decide-query-run.ts retries a lost race).
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { queryRunDecider, queryStream, type QueryRunCommand, type QueryRunState } from '@strata/domain';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecisionRunner } from '../../event-store/load-decide-append';
import { DecideQueryRun } from './decide-query-run';

@Injectable()
export class QueryRuns {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly commands: CommandBus,
  ) {}

  async state(clientId: string): Promise<QueryRunState> {
    return (await this.runner.load(queryStream(clientId), queryRunDecider)).state;
  }

  decide(clientId: string, command: QueryRunCommand, actor: string): Promise<AppendResult> {
    return this.commands.execute(new DecideQueryRun(clientId, command, { actor, undoable: false }));
  }
}
