import rison from 'rison';
import { parsePositionJson, type Layout } from '@strata/domain';
import type { HttpClient } from '../../api/http-client';

export interface Person {
  id: number | null;
  username: string;
}

/** One saved version as GET /api/v1/dashboard/{id}/versions lists it (newest first). */
export interface VersionItem {
  version: number;
  saved_by: Person;
  saved_at: string;
  summary: string;
  authors: Person[];
  changes: { user: Person; kind: string; component_id: string | null; component_type: string | null }[];
  restored_from: number | null;
}

export interface VersionList {
  count: number;
  current_version: number | null;
  result: VersionItem[];
}

export interface ChartListItem {
  id: number;
  slice_name: string;
  viz_type: string;
}

/**
 * The edit session's REST calls (server dashboard-drafts): save and discard the shared draft, the
 * version history, and the chart list the palette drags from. Live edits go over the socket instead.
 * `expected_version` is the saved version the editor saw: a newer one is a 409, never an overwrite.
 */
export function draftApi(http: HttpClient) {
  const base = (id: number) => `/api/v1/dashboard/${id}`;
  return {
    save: (id: number, expectedVersion: number) =>
      http.post<{ version: number; result: VersionItem }>(`${base(id)}/draft/save`, {
        expected_version: expectedVersion,
      }),
    discard: (id: number) => http.post<unknown>(`${base(id)}/draft/discard`, {}),
    versions: (id: number) => http.get<VersionList>(`${base(id)}/versions`),
    version: async (id: number, n: number): Promise<{ info: VersionItem; layout: Layout }> => {
      const { result } = await http.get<{ result: VersionItem & { position_json: unknown } }>(
        `${base(id)}/versions/${n}`,
      );
      const parsed = parsePositionJson(result.position_json);
      if (!parsed.ok)
        throw new Error(`Version ${n} has a layout that can not be shown: ${parsed.problems.slice(0, 2).join('; ')}`);
      const { position_json: _omitted, ...info } = result;
      return { info, layout: parsed.layout };
    },
    restore: (id: number, n: number, expectedVersion: number) =>
      http.post<{ version: number; result: VersionItem }>(`${base(id)}/versions/${n}/restore`, {
        expected_version: expectedVersion,
      }),
    /** spec §7 GET /api/v1/chart/?q=: the user's charts by name for the chart list, page size 200. */
    charts: async (search: string): Promise<ChartListItem[]> => {
      const q = {
        columns: ['id', 'slice_name', 'viz_type'],
        filters: search ? [{ col: 'slice_name', opr: 'chart_all_text', value: search }] : [],
        order_column: 'slice_name',
        order_direction: 'asc',
        page_size: 200,
      };
      const body = await http.get<{ result: ChartListItem[] }>(
        `/api/v1/chart/?q=${encodeURIComponent(rison.encode(q))}`,
      );
      return body.result ?? [];
    },
  };
}

export type DraftApi = ReturnType<typeof draftApi>;
