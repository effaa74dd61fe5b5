/**
 * What a user did lately, as the home page shows it (issue 15 item 6; Superset's
 * `/api/v1/log/recent_activity/`): the audit rows of one actor (the event log read newest first) reduced
 * to the dashboards, charts and saved queries they viewed, edited or created. Pure: rows in, items out.
 */
import type { AuditRow } from '../audit/audit.service';

export type RecentAction = 'viewed' | 'edited' | 'created';
export type RecentItemType = 'dashboard' | 'chart' | 'saved_query';

export interface RecentItem {
  action: RecentAction;
  item_type: RecentItemType;
  item_id: number | string;
  item_title: string | null;
  item_url: string;
  /** When it last happened (ISO 8601). */
  time: string;
}

const ITEM_TYPES: ReadonlySet<string> = new Set<RecentItemType>(['dashboard', 'chart', 'saved_query']);
const CREATED: ReadonlySet<string> = new Set([
  'dashboard/dashboardCreated',
  'chart/chartCreated',
  'sqllab/savedQueryCreated',
]);
/** Intents about an object that change nothing of it: marking a favourite, a link or a filter state. */
const NOT_AN_EDIT = /avorited$|permalinkCreated$|filterState/;

function actionOf(row: AuditRow): RecentAction | null {
  if (row.type === 'platform/userEventLogged') return 'viewed';
  if (CREATED.has(row.type)) return 'created';
  return NOT_AN_EDIT.test(row.type) ? null : 'edited';
}

export function itemUrl(type: RecentItemType, id: number | string): string {
  if (type === 'dashboard') return `/superset/dashboard/${id}/`;
  if (type === 'chart') return `/explore/?slice_id=${id}`;
  return `/sqllab/?savedQueryId=${id}`;
}

/**
 * Rows newest first in, items newest first out: with `distinct`, an object appears once per action
 * (its latest time), as Superset's Recents tabs show it. A saved query is never "viewed" (no log entry).
 */
export function recentItems(rows: readonly AuditRow[], distinct: boolean): RecentItem[] {
  const seen = new Set<string>();
  const items: RecentItem[] = [];
  for (const row of rows) {
    if (!row.object || !ITEM_TYPES.has(row.object.type) || row.undone) continue;
    const action = actionOf(row);
    if (!action) continue;
    const type = row.object.type as RecentItemType;
    const key = `${action}:${type}:${row.object.id}`;
    if (distinct && seen.has(key)) continue;
    seen.add(key);
    items.push({
      action,
      item_type: type,
      item_id: row.object.id,
      item_title: row.object.name,
      item_url: itemUrl(type, row.object.id),
      time: row.time,
    });
  }
  return items;
}
