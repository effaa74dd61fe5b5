import type { ReplayRow } from './replay.events';

/** An audit row of bob's (user 2), as GET /api/v1/audit/ answers it. */
export function row(position: number, type: string, payload: unknown, more: Partial<ReplayRow> = {}): ReplayRow {
  return {
    position,
    time: new Date(Date.UTC(2026, 0, 1, 10, 0, position)).toISOString(),
    actor: { id: 2, username: 'bob' },
    object: null,
    type,
    summary: `bob did ${type} #${position}`,
    payload,
    batch_id: `b${position}`,
    undone: false,
    ...more,
  };
}

const tab = { type: 'sqllab_tab', id: 2, name: null };
export const tabCreated = (position: number, tabId: number, sql = '', more: Partial<ReplayRow> = {}) =>
  row(
    position,
    'sqllab/tabStateCreated',
    {
      tab_id: tabId,
      label: `Untitled Query ${tabId}`,
      database_id: 1,
      catalog: null,
      schema: 'public',
      sql,
      query_limit: null,
      latest_query_id: null,
      template_params: null,
      hide_left_bar: false,
      autorun: false,
      saved_query_id: null,
      extra_json: null,
    },
    { object: tab, ...more },
  );
export const sqlEdited = (position: number, tabId: number, sql: string, more: Partial<ReplayRow> = {}) =>
  row(position, 'sqllab/tabStateSqlEdited', { tab_id: tabId, sql }, { object: tab, ...more });
export const tabActivated = (position: number, tabId: number) =>
  row(position, 'sqllab/tabActivated', { tab_id: tabId }, { object: tab });
