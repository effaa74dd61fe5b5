/**
 * Async events (REFERENCE §5, issue item 6): when an async job finishes, its event is kept in
 * `async_events` (for `GET /api/v1/async_event/?last_id=`) and then pushed to the user's sockets, in that
 * order, so a client that reconnects can always catch up by polling from the last id it saw.
 */
import { Injectable, Logger, Optional } from '@nestjs/common';
import type { AsyncEvent } from '@strata/events';
import { DataSource } from 'typeorm';
import { RealtimePush } from '../realtime/realtime-push';

export interface AsyncEventInput {
  job_id: string;
  status: AsyncEvent['status'];
  result_url: string | null;
  errors?: { message: string; error_type: string }[];
  /** Extra keys travel with the event (e.g. the SQL Lab client_id the job ran). */
  [key: string]: unknown;
}

interface AsyncEventRow {
  id: string;
  job_id: string;
  status: AsyncEvent['status'];
  result_url: string | null;
  errors: { message: string; error_type: string }[];
  extra: Record<string, unknown>;
}

/** At most this many events per poll (REFERENCE §5). */
export const ASYNC_EVENTS_PAGE = 100;

const toEvent = (row: AsyncEventRow): AsyncEvent => ({
  ...row.extra,
  id: String(row.id),
  job_id: row.job_id,
  status: row.status,
  result_url: row.result_url,
  errors: row.errors,
});

@Injectable()
export class AsyncEventsService {
  private readonly logger = new Logger('AsyncEvents');

  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly push?: RealtimePush,
  ) {}

  async publish(userId: number, input: AsyncEventInput): Promise<AsyncEvent> {
    const { job_id, status, result_url, errors = [], ...extra } = input;
    const [row] = (await this.dataSource.query(
      `INSERT INTO async_events (user_id, job_id, status, result_url, errors, extra) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)
       RETURNING id, job_id, status, result_url, errors, extra`,
      [userId, job_id, status, result_url, JSON.stringify(errors), JSON.stringify(extra)],
    )) as AsyncEventRow[];
    const event = toEvent(row);
    try {
      this.push?.pushToUser(userId, { type: 'async_event', event });
    } catch (err) {
      // No socket server in this process (a worker-only process): polling still finds the event.
      this.logger.debug(`async event ${event.id} not pushed: ${(err as Error).message}`);
    }
    return event;
  }

  /** The user's events after `lastId` (all of them from the start when null), oldest first. */
  async after(userId: number, lastId: string | null): Promise<AsyncEvent[]> {
    const rows: AsyncEventRow[] = await this.dataSource.query(
      `SELECT id, job_id, status, result_url, errors, extra FROM async_events
       WHERE user_id = $1 AND id > $2::bigint ORDER BY id LIMIT ${ASYNC_EVENTS_PAGE}`,
      [userId, lastId ?? '0'],
    );
    return rows.map(toEvent);
  }
}
