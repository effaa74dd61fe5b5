/**
 * Facts about the actors and intents (batches) of events that the audit view, an object's history and a
 * revert's refusal all state: who the actors are by name, and which batches were undone since.
 */
import { HISTORY_REDONE, HISTORY_UNDONE } from '@strata/events';
import type { DataSource } from 'typeorm';

/** The usernames of these user ids (actors that are no user, or ids of no user, are left out). */
export async function usernames(
  dataSource: DataSource,
  userIds: Iterable<number | null>,
): Promise<Map<number, string>> {
  const ids = [...new Set([...userIds].filter((id): id is number => id !== null && Number.isSafeInteger(id)))];
  if (ids.length === 0) return new Map();
  const rows = (await dataSource.query(`SELECT id, username FROM users WHERE id = ANY($1::int[])`, [ids])) as {
    id: number;
    username: string;
  }[];
  return new Map(rows.map((r) => [r.id, r.username]));
}

/**
 * The batches among `batchIds` whose last undo marker is an undo (a later redo clears it), counting only
 * markers on `streams` when given (an object's history). The marker types are written out so the partial
 * index on undo markers' batch ids answers it.
 */
export async function undoneBatches(
  dataSource: DataSource,
  batchIds: Iterable<string>,
  streams?: readonly string[],
): Promise<Set<string>> {
  const ids = [...new Set(batchIds)];
  if (ids.length === 0) return new Set();
  const onStreams = streams === undefined ? '' : 'AND stream = ANY($2::text[])';
  const markers = (await dataSource.query(
    `SELECT data->>'batchId' AS batch_id, type FROM events
      WHERE type IN ('${HISTORY_UNDONE}', '${HISTORY_REDONE}') AND data->>'batchId' = ANY($1::text[]) ${onStreams}
      ORDER BY position`,
    streams === undefined ? [ids] : [ids, streams],
  )) as { batch_id: string; type: string }[];
  const undone = new Set<string>();
  for (const m of markers) {
    if (m.type === HISTORY_UNDONE) undone.add(m.batch_id);
    else undone.delete(m.batch_id);
  }
  return undone;
}
