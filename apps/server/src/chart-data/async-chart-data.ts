/**
 * Async chart data (REFERENCE §5, charts-dashboards-reports §6 "Global async queries require their flag"): with the
 * GLOBAL_ASYNC_QUERIES flag on, POST /api/v1/chart/data answers 202 with a job; the job runs the query
 * context as the user who asked (their permissions re-read in the worker), keeps the result in the
 * chart data cache under the job id, and publishes an async event whose result_url the client GETs.
 */
import { AnnotationDataService } from './annotations/annotation-data';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { randomUUID } from 'node:crypto';
import { AsyncEventsService } from '../async-events/async-events.service';
import type { CurrentUser } from '../auth/current-user';
import { RolesService } from '../auth/roles/roles.service';
import { UsersService } from '../auth/users/users.service';
import { isErrorResponseBody, StrataHttpException } from '../common/error-body';
import { JobQueue } from '../jobs/job-queue';
import { CACHE_DEFAULT_TIMEOUT_SEC, ChartDataCache } from './chart-data-cache';
import { ChartDataService } from './chart-data.service';
import { ChartDatasources } from './chart-datasource';
import type { QueryContext } from './query-context.schema';

/**
 * Whether GLOBAL_ASYNC_QUERIES is on: AppConfig.featureFlags (FEATURE_FLAGS, read once at boot), through
 * this token so a test can turn it on for one app (overrideProvider) without touching the configuration.
 */
export const GLOBAL_ASYNC_QUERIES = Symbol('GLOBAL_ASYNC_QUERIES');

export const CHART_DATA_JOB = 'chart-data';

interface JobPayload {
  jobId: string;
  userId: number;
  context: QueryContext;
}

interface StoredResult {
  userId: number;
  result: unknown[];
}

const rowsOf = (result: unknown[]) =>
  result.reduce<number>((n, r) => n + ((r as { data?: unknown[] }).data?.length ?? 1), 0);

@Injectable()
export class AsyncChartData implements OnModuleInit {
  constructor(
    @Inject(GLOBAL_ASYNC_QUERIES) private readonly flag: boolean,
    private readonly queue: JobQueue,
    private readonly events: AsyncEventsService,
    private readonly users: UsersService,
    private readonly roles: RolesService,
    private readonly cache: ChartDataCache,
    private readonly service: ChartDataService,
    private readonly sources: ChartDatasources,
    private readonly annotations: AnnotationDataService,
  ) {}

  enabled(): boolean {
    return this.flag;
  }

  onModuleInit(): void {
    if (this.flag) this.queue.process<JobPayload>(CHART_DATA_JOB, (payload) => this.work(payload));
  }

  async submit(context: QueryContext, user: CurrentUser) {
    const jobId = randomUUID();
    try {
      await this.queue.add<JobPayload>(CHART_DATA_JOB, { jobId, userId: user.id, context });
    } catch {
      throw new StrataHttpException(500, ErrorType.ASYNC_WORKERS_ERROR, 'Failed to start remote query on a worker.');
    }
    return {
      channel_id: `user:${user.id}`,
      job_id: jobId,
      user_id: String(user.id),
      status: 'pending',
      errors: [],
      result_url: null,
    };
  }

  async result(key: string, user: CurrentUser): Promise<unknown[]> {
    const hit = /^[0-9a-f-]{36}$/.test(key) ? await this.cache.get<StoredResult>(`async:${key}`) : null;
    if (!hit || hit.value.userId !== user.id) {
      throw new StrataHttpException(
        410,
        ErrorType.RESULTS_BACKEND_ERROR,
        'Data could not be retrieved. You need to re-run the original query.',
      );
    }
    return hit.value.result;
  }

  private async work({ jobId, userId, context }: JobPayload): Promise<void> {
    const resultUrl = `/api/v1/chart/data/${jobId}`;
    try {
      const row = await this.users.findById(userId);
      if (!row)
        throw new StrataHttpException(403, ErrorType.GENERIC_COMMAND_ERROR, 'The user of this job no longer exists.');
      const user: CurrentUser = { ...row, permissions: await this.roles.permissionsOf(row.roles), via: 'bearer' };
      const { source, context: allowed } = await this.sources.resolveContext(context, user);
      const result = await this.annotations.withAnnotations(await this.service.run(source, allowed), allowed, user);
      await this.cache.set<StoredResult>(
        `async:${jobId}`,
        { userId, result },
        CACHE_DEFAULT_TIMEOUT_SEC,
        rowsOf(result),
      );
      await this.events.publish(userId, { job_id: jobId, status: 'done', result_url: resultUrl });
    } catch (err) {
      const body = err instanceof StrataHttpException ? err.getResponse() : null;
      const errors = isErrorResponseBody(body)
        ? body.errors.map((e) => ({ message: e.message, error_type: e.error_type }))
        : [{ message: (err as Error).message, error_type: ErrorType.GENERIC_BACKEND_ERROR }];
      await this.events.publish(userId, { job_id: jobId, status: 'error', result_url: null, errors });
    }
  }
}
