import rison from 'rison';
import type { ChartRecord, DashboardRecord, ReplayRow } from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { HttpClient } from '../api/http-client';
import { hasStatus } from '../api/api-error';
import { sqlLabApi, type DatabaseOption } from '../sqllab/api/sqllab-api';

/** The audit API's largest page (apps/server/src/audit/CONTEXT.md). */
const PAGE_SIZE = 1000;

/** What the replay reads, and only reads: every call here is a GET (nothing is written while replaying). */
export interface ReplayApi {
  /** Every audit row matching the query, oldest first (the API answers newest first, a page at a time). */
  rows(query: Record<string, unknown>): Promise<ReplayRow[]>;
  users(): Promise<{ id: number; username: string }[]>;
  /** The saved dashboard just after a log position; null when it did not exist then. */
  dashboardAsOf(id: number, position: number): Promise<DashboardRecord | null>;
  /** The events of a dashboard's shared draft (edit mode); empty when there is none or it may not be read. */
  draftEvents(id: number): Promise<Envelope[]>;
  chartAsOf(id: number, position: number): Promise<ChartRecord | null>;
  /** The databases SQL Lab offers (their names, for its left bar); never anything read from a database. */
  databases(): Promise<DatabaseOption[]>;
}

const q = (value: Record<string, unknown>) => encodeURIComponent(rison.encode(value));

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (hasStatus(error, 404)) return null;
    throw error;
  }
}

export function replayApi(http: HttpClient): ReplayApi {
  return {
    async rows(query) {
      const rows: ReplayRow[] = [];
      for (let page = 0; ; page++) {
        const answer = await http.get<{ count: number; result: ReplayRow[] }>(
          `/api/v1/audit/?q=${q({ ...query, page, page_size: PAGE_SIZE })}`,
        );
        rows.push(...answer.result);
        if (answer.result.length < PAGE_SIZE || rows.length >= answer.count) break;
      }
      return rows.sort((a, b) => a.position - b.position);
    },
    users: async () =>
      (
        await http.get<{ result: { id: number; username: string }[] }>(
          `/api/v1/security/users/?q=${q({ page_size: 100 })}`,
        )
      ).result,
    dashboardAsOf: (id, position) =>
      orNull(http.get<{ result: DashboardRecord }>(`/api/v1/dashboard/${id}?as_of=${position}`).then((a) => a.result)),
    async draftEvents(id) {
      try {
        const answer = await http.get<{ result: Envelope[] }>(
          `/api/v1/timetravel/events/?stream=${encodeURIComponent(`dashboard-draft:${id}`)}`,
        );
        return answer.result;
      } catch (error) {
        if (hasStatus(error, 404) || hasStatus(error, 403)) return [];
        throw error;
      }
    },
    chartAsOf: (id, position) =>
      orNull(http.get<{ result: ChartRecord }>(`/api/v1/chart/${id}?as_of=${position}`).then((a) => a.result)),
    databases: () => sqlLabApi(http).databases(),
  };
}
