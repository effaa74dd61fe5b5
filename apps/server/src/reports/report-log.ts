/**
 * `GET /api/v1/report/{id}/log/?q=` (Superset's ReportExecutionLogRestApi): a schedule's runs from the
 * `report_execution_log` read model, newest first by default, paged. Pruning rows past log_retention is
 * the scheduler's (issue 14 item 3, `logCutoff`); this only reads.
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { RunState } from '@strata/domain';

const ORDER = {
  start_dttm: 'start_dttm',
  end_dttm: 'end_dttm',
  scheduled_dttm: 'scheduled_dttm',
  state: 'state',
  value: 'value',
  error_message: 'error_message',
} as const;

export const reportLogQuery = z.object({
  order_column: z.enum(Object.keys(ORDER) as [keyof typeof ORDER, ...(keyof typeof ORDER)[]]).default('start_dttm'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(0).default(0),
  page_size: z.number().int().min(1).max(200).default(25),
  columns: z.array(z.string().max(200)).max(100).nullish(),
});
export type ReportLogQuery = z.output<typeof reportLogQuery>;

interface LogRow {
  id: string;
  uuid: string;
  scheduled_dttm: Date;
  start_dttm: Date | null;
  end_dttm: Date | null;
  value: number | null;
  state: RunState;
  error_message: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

@Injectable()
export class ReportLog {
  constructor(private readonly dataSource: DataSource) {}

  async list(reportId: number, q: ReportLogQuery) {
    const [{ n }] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM report_execution_log WHERE report_schedule_id = $1`,
      [reportId],
    )) as { n: number }[];
    // Ties (runs begun in one instant) fall back to the log position, in the same direction.
    const rows = (await this.dataSource.query(
      `SELECT id, uuid, scheduled_dttm, start_dttm, end_dttm, value, state, error_message
         FROM report_execution_log WHERE report_schedule_id = $1
        ORDER BY ${ORDER[q.order_column]} ${q.order_direction} NULLS LAST, id ${q.order_direction}
        LIMIT ${q.page_size} OFFSET ${q.page * q.page_size}`,
      [reportId],
    )) as LogRow[];
    const result = rows.map((r) => ({
      id: Number(r.id),
      uuid: r.uuid,
      scheduled_dttm: r.scheduled_dttm.toISOString(),
      start_dttm: iso(r.start_dttm),
      end_dttm: iso(r.end_dttm),
      value: r.value,
      value_row_json: null,
      state: r.state,
      error_message: r.error_message,
    }));
    return { count: n, ids: result.map((r) => r.id), result };
  }
}
