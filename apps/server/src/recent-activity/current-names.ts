/**
 * The home page links to objects as they are now: the audit rows name them as they were then, so an
 * item takes its title from the read models, and an object deleted since is left out (its link would 404).
 * One query per kind present, never one per item.
 */
import type { DataSource } from 'typeorm';
import type { RecentItem, RecentItemType } from './recent-activity';

const NAME_OF: Record<RecentItemType, { table: string; column: string }> = {
  dashboard: { table: 'dashboards', column: 'dashboard_title' },
  chart: { table: 'charts', column: 'slice_name' },
  saved_query: { table: 'saved_query', column: 'label' },
};

export async function withCurrentNames(dataSource: DataSource, items: readonly RecentItem[]): Promise<RecentItem[]> {
  const names = new Map<string, string | null>();
  await Promise.all(
    (Object.keys(NAME_OF) as RecentItemType[]).map(async (type) => {
      const ids = [...new Set(items.filter((i) => i.item_type === type).map((i) => Number(i.item_id)))];
      if (ids.length === 0) return;
      const { table, column } = NAME_OF[type];
      const rows = (await dataSource.query(`SELECT id, ${column} AS name FROM ${table} WHERE id = ANY($1::int[])`, [
        ids,
      ])) as { id: number; name: string | null }[];
      for (const row of rows) names.set(`${type}:${row.id}`, row.name);
    }),
  );
  return items
    .filter((i) => names.has(`${i.item_type}:${i.item_id}`))
    .map((i) => ({ ...i, item_title: names.get(`${i.item_type}:${i.item_id}`) ?? i.item_title }));
}
