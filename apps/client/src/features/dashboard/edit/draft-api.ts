import rison from 'rison';
import {
  parsePositionJson,
  type DashboardVersion as VersionItem,
  type DashboardVersionList as VersionList,
  type UnsavedByEditor,
  type Layout,
  type PaletteChart as ChartListItem,
} from '@strata/domain';
import type { HttpClient } from '../../api/http-client';

/** One saved version, the history's list and a chart of the palette are the domain's: the page's facts carry them. */
export type {
  DashboardVersion as VersionItem,
  DashboardVersionList as VersionList,
  PaletteChart as ChartListItem,
  VersionAuthor as Person,
} from '@strata/domain';

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
    /** `mine`: the user's own unsaved edits (undoable by them); `all`: everyone's (owners), kept as a discarded draft. */
    discard: (id: number, scope: 'mine' | 'all' = 'mine') => http.post<unknown>(`${base(id)}/draft/discard`, { scope }),
    /** Who has how many unsaved edits in the draft now (the owner's confirmation names them). */
    unsavedBy: async (id: number): Promise<UnsavedByEditor[]> =>
      (await http.get<{ result: { unsaved_by?: UnsavedByEditor[] } }>(`${base(id)}/draft`)).result.unsaved_by ?? [],
    /** Brings discarded draft `n` back as the draft. */
    restoreDiscarded: (id: number, n: number) => http.post<unknown>(`${base(id)}/versions/discarded/${n}/restore`, {}),
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
    /** charts-dashboards-reports §7 GET /api/v1/chart/?q=: the user's charts by name for the chart list, page size 200. */
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
