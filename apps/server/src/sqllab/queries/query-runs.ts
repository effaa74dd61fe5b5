/**
 * Load, decide, append for the `query:<client_id>` streams. A run and a Stop write the same stream from
 * different places (the worker, the Stop request), so a version conflict is retried against the new
 * state: the decider then says what the late command still means (a success after Stop means nothing).
 */
import { Injectable } from '@nestjs/common';
import { queryRunDecider, queryStream, type QueryRunCommand, type QueryRunState } from '@strata/domain';
import { VersionConflictError, type AppendResult } from '../../event-store/event-store.port';
import { DecisionRunner } from '../../event-store/load-decide-append';

const ATTEMPTS = 5;

@Injectable()
export class QueryRuns {
  constructor(private readonly runner: DecisionRunner) {}

  async state(clientId: string): Promise<QueryRunState> {
    return (await this.runner.load(queryStream(clientId), queryRunDecider)).state;
  }

  async decide(clientId: string, command: QueryRunCommand, actor: string): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runner.loadDecideAppend(queryStream(clientId), queryRunDecider, command, undefined, { actor, undoable: false });
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= ATTEMPTS) throw err;
      }
    }
  }
}
