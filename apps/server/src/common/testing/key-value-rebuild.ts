/**
 * The rebuild-equals-live check (projections/testing/rebuild-equals-live.ts) for a `key_value` fold: the
 * whole table, every resource, live and after rebuilding one projection, without `id` (a serial no event
 * gives; a rebuild renumbers the rows it writes). Comparing every resource also checks that a rebuild
 * leaves the other projections' rows alone.
 */
import type { DataSource } from 'typeorm';
import type { EventStore } from '../../event-store/event-store.port';
import { liveAndRebuilt } from '../../projections/testing/rebuild-equals-live';

const withoutId = (rows: unknown[]) =>
  rows
    .map((row) => {
      const { id: _id, ...rest } = row as { id: number };
      return rest;
    })
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

export async function keyValueLiveAndRebuilt(store: EventStore, dataSource: DataSource, projection: string) {
  const { live, rebuilt } = await liveAndRebuilt(store, dataSource, projection, ['key_value']);
  return { live: withoutId(live.key_value!), rebuilt: withoutId(rebuilt.key_value!) };
}
