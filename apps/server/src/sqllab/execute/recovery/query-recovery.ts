/**
 * Runs a crash left unfinished: at boot, every `pending` or `running` query whose holder is gone is
 * failed, as an event, with a message saying why; and a BullMQ job whose worker died (stalled, never
 * retried) fails its query in whichever process notices. A run held by a live process (another server
 * behind the same database) or waiting on BullMQ is left alone: it will still finish.
 */
import { Injectable, Logger } from '@nestjs/common';
import { ErrorType, isInProgress, type QueryError, type QueryRunState } from '@strata/domain';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../jobs/job-queue';
import { QueryRuns } from '../../queries/query-runs';
import { ServerInstance } from './server-instance';

export const INTERRUPTED_MESSAGE =
  'The server stopped while this query was running, so it did not finish. Run it again.';
export const LOST_WORKER_MESSAGE = 'The worker running this query stopped before it finished. Run it again.';

/** Whom recovery writes events as. */
const RECOVERY_ACTOR = 'system';

@Injectable()
export class QueryRecovery {
  private readonly logger = new Logger('QueryRecovery');

  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: QueryRuns,
    private readonly instance: ServerInstance,
    private readonly jobs: JobQueue,
  ) {}

  /** Fails the unfinished runs nobody holds any more; returns their client ids. */
  async recoverAtBoot(): Promise<string[]> {
    const rows: { client_id: string }[] = await this.dataSource.query(
      `SELECT client_id FROM query WHERE status IN ('pending', 'running') ORDER BY id`,
    );
    const failed: string[] = [];
    for (const { client_id: clientId } of rows) {
      const state = await this.runs.state(clientId);
      if (!(await this.orphaned(state))) continue;
      if (
        await this.fail(
          clientId,
          state.started?.runAsync ? ErrorType.ASYNC_WORKERS_ERROR : ErrorType.GENERIC_BACKEND_ERROR,
          INTERRUPTED_MESSAGE,
        )
      )
        failed.push(clientId);
    }
    if (failed.length > 0)
      this.logger.warn(
        `${failed.length} SQL Lab queries were left unfinished by a stopped server and are now failed: ${failed.join(', ')}`,
      );
    return failed;
  }

  /** A BullMQ job of this run stalled: its worker died mid-run. True when the run is now failed. */
  async workerLost(clientId: string): Promise<boolean> {
    if (!isInProgress((await this.runs.state(clientId)).status)) return false;
    return this.fail(clientId, ErrorType.ASYNC_WORKERS_ERROR, LOST_WORKER_MESSAGE);
  }

  private async orphaned(state: QueryRunState): Promise<boolean> {
    if (state.runner !== null) return !(await this.instance.isAlive(state.runner));
    // Nobody took it yet: a BullMQ job still waits in Redis and will run; anything else (a run recorded
    // before runners were) has no holder left.
    return !(state.status === 'pending' && this.jobs.shared);
  }

  private async fail(clientId: string, errorType: ErrorType, message: string): Promise<boolean> {
    const errors: QueryError[] = [{ message, error_type: errorType, level: 'error' }];
    try {
      // The decider ignores a run that finished meanwhile (refuses FailQuery on a finished run).
      const appended = await this.runs.decide(
        clientId,
        { type: 'FailQuery', errors, executedSql: null, at: Date.now() },
        RECOVERY_ACTOR,
      );
      return appended.events.length > 0;
    } catch (err) {
      this.logger.warn(`could not fail query ${clientId}: ${(err as Error).message}`);
      return false;
    }
  }
}
