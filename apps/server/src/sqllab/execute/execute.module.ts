/**
 * SQL Lab execution: `POST /api/v1/sqllab/execute/`, the async worker (job `sqllab-run`, which publishes
 * an async event when it finishes), cancel-on-stop, and the CSV export (it re-runs through the same
 * engines). Needs JobsModule and AsyncEventsModule (global) from the application.
 */
import { Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { AsyncEventsService } from '../../async-events/async-events.service';
import { DatabasesModule } from '../../databases/databases.module';
import { JobQueue } from '../../jobs/job-queue';
import { QueriesModule } from '../queries/queries.module';
import { QueriesReader } from '../queries/queries.reader';
import { encodeRison } from '../../common/rison';
import { CsvExportController } from '../results/csv-export.controller';
import { RecordDataExportHandler } from '../results/csv-export-record';
import { ResultsModule } from '../results/results.module';
import { StorageRuntime } from '../../storage/storage-runtime';
import { EmbeddedDatabaseRestarter, StorageRuntimeRestarter } from './embedded-restart';
import { ExecuteController } from './execute.controller';
import { ExecuteService, SQLLAB_RUN_JOB } from './execute.service';
import { QueryExecutor } from './query-executor';
import { LOST_WORKER_MESSAGE, QueryRecovery } from './recovery/query-recovery';
import { ServerInstance } from './recovery/server-instance';
import { RunningQueries } from './running-queries';
import { RegistrySqlLabDatabases, SqlLabDatabases } from './sqllab-databases';

@Module({
  imports: [DatabasesModule, QueriesModule, ResultsModule],
  controllers: [ExecuteController, CsvExportController],
  providers: [
    { provide: SqlLabDatabases, useClass: RegistrySqlLabDatabases },
    {
      provide: EmbeddedDatabaseRestarter,
      inject: [{ token: StorageRuntime, optional: true }],
      useFactory: (runtime?: StorageRuntime) => new StorageRuntimeRestarter(runtime),
    },
    RunningQueries,
    ServerInstance,
    QueryRecovery,
    QueryExecutor,
    ExecuteService,
    RecordDataExportHandler,
  ],
  exports: [SqlLabDatabases, QueryExecutor],
})
export class ExecuteModule implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('ExecuteModule');

  constructor(
    private readonly jobs: JobQueue,
    private readonly executor: QueryExecutor,
    private readonly reader: QueriesReader,
    private readonly asyncEvents: AsyncEventsService,
    private readonly recovery: QueryRecovery,
  ) {}

  /** Runs a crash left `pending` or `running` are failed before this process serves anyone. */
  async onApplicationBootstrap(): Promise<void> {
    // A failed recovery must not keep the server down: the runs stay unfinished and the next start retries.
    await this.recovery
      .recoverAtBoot()
      .catch((err: unknown) => this.logger.error(`recovering unfinished queries failed: ${(err as Error).message}`));
  }

  onModuleInit(): void {
    this.jobs.process<{ clientId: string }>(
      SQLLAB_RUN_JOB,
      async ({ clientId }, job) => {
        const outcome = await this.executor.run(clientId);
        const row = await this.reader.byClientId(clientId);
        if (!outcome || !row) return;
        const done = outcome.status === 'success';
        await this.asyncEvents.publish(row.user_id, {
          job_id: job.id,
          client_id: clientId,
          status: done ? 'done' : 'error',
          result_url:
            done && row.results_key ? `/api/v1/sqllab/results/?q=${encodeRison({ key: row.results_key })}` : null,
          errors: done
            ? []
            : outcome.errors.length
              ? outcome.errors
              : [
                  {
                    message: `The query was ${outcome.status.replace('_', ' ')}.`,
                    error_type: 'GENERIC_COMMAND_ERROR',
                  },
                ],
        });
      },
      {
        onLost: async ({ clientId }, job) => {
          if (!(await this.recovery.workerLost(clientId))) return;
          const row = await this.reader.byClientId(clientId);
          if (!row) return;
          await this.asyncEvents.publish(row.user_id, {
            job_id: job.id,
            client_id: clientId,
            status: 'error',
            result_url: null,
            errors: [{ message: LOST_WORKER_MESSAGE, error_type: 'ASYNC_WORKERS_ERROR' }],
          });
        },
      },
    );
  }
}
