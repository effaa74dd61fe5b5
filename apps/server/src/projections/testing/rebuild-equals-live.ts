/**
 * The check every read model owes (DESIGN.md "Event store"): rebuilt from the log, it equals the live
 * tables. Shared by each projection's random-command-sequence test.
 */
import { DomainError } from '@strata/events';
import type { DataSource } from 'typeorm';
import type { EventStore } from '../../event-store/event-store.port';

/** Every row of `table`, as JSON, in a stable order. */
export async function tableRows(dataSource: DataSource, table: string): Promise<unknown[]> {
  const found = (await dataSource.query(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY to_jsonb(t)::text`)) as {
    row: unknown;
  }[];
  return found.map(({ row }) => row);
}

/** The tables' rows live, then after `store.rebuild(projection)`: the two must be equal. */
export async function liveAndRebuilt(
  store: EventStore,
  dataSource: DataSource,
  projection: string,
  tables: readonly string[],
): Promise<{ live: Record<string, unknown[]>; rebuilt: Record<string, unknown[]> }> {
  const read = async () =>
    Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await tableRows(dataSource, t)] as const)));
  const live = await read();
  await store.rebuild(projection);
  return { live, rebuilt: await read() };
}

/**
 * Runs one step of a random command sequence: a command the rules refuse (an edit of a deleted object, a
 * bad name) records nothing, which is part of the sequence, not a failure of the read model.
 */
export async function refusedOrDone(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}
