/**
 * The report executor (issue 14 item 4): one run of a report or alert schedule from its start to its end.
 * The scheduler (report-scheduler/) and `POST /api/v1/report/{id}/run` call `run`; see CONTEXT.md.
 */
import { Injectable } from '@nestjs/common';

export interface RunRequest {
  reportId: number;
  /** The cron's instant (or now for a manual run), ISO-8601 UTC. */
  scheduledAt: string;
  trigger: 'schedule' | 'manual';
}

export type RunResult =
  | { outcome: 'refused'; reason: string }
  | { outcome: 'done'; runId: string; state: 'Success' | 'Error' | 'Not triggered' | 'On Grace' };

@Injectable()
export class ReportRunService {
  // eslint-disable-next-line @typescript-eslint/require-await
  async run(request: RunRequest): Promise<RunResult> {
    return { outcome: 'refused', reason: `Report ${request.reportId}: the executor is not built yet.` };
  }
}
