/**
 * Optimistic shared streams (DESIGN.md, Client): what the user sees is the server-confirmed events
 * followed by the local batches still pending. The server's order wins: when a pending batch commits,
 * it leaves the pending list and its events arrive, as the server wrote them, among the confirmed ones;
 * a rejected batch is dropped and handed back so the user can be told. Pure: the caller keeps the value
 * (e.g. in a BehaviorSubject) and feeds `optimisticEntries` to a store's `log$`.
 */
import type { AckMessage } from '../protocol';
import type { LogEntry } from '../log/fold';

export interface PendingBatch {
  batchId: string;
  /** The command sent for this batch; the ack names it. */
  commandId: string;
  clientSeq: number;
  events: readonly LogEntry[];
}

export interface Optimistic {
  /** Server events in the server's order. */
  readonly confirmed: readonly LogEntry[];
  /** Last confirmed version per stream: anything at or below it is a duplicate (catch-up overlap). */
  readonly versions: Readonly<Record<string, number>>;
  /** Local batches not yet committed, in the order they were made. */
  readonly pending: readonly PendingBatch[];
}

export function optimistic(confirmed: readonly LogEntry[] = []): Optimistic {
  return receiveConfirmed({ confirmed: [], versions: {}, pending: [] }, confirmed);
}

export function addPending(state: Optimistic, batch: PendingBatch): Optimistic {
  return { ...state, pending: rebase([...state.pending, batch], state.versions) };
}

/**
 * Server events arrived (`subscribed` catch-up or `events`). Already confirmed versions are skipped;
 * a pending batch whose batch id shows up is committed: its local guess is replaced by the server's.
 */
export function receiveConfirmed(state: Optimistic, events: readonly LogEntry[]): Optimistic {
  const versions = { ...state.versions };
  const fresh = events.filter((event) => {
    if (event.version <= (versions[event.stream] ?? 0)) return false;
    versions[event.stream] = event.version;
    return true;
  });
  if (fresh.length === 0) return state;
  const committed = new Set(fresh.map((event) => event.meta.batchId));
  const pending = state.pending.filter((batch) => !committed.has(batch.batchId));
  return { confirmed: [...state.confirmed, ...fresh], versions, pending: rebase(pending, versions) };
}

/** An ack came back. A rejection drops the batch (returned as `dropped`); a commit waits for its events. */
export function acknowledge(state: Optimistic, ack: AckMessage): { state: Optimistic; dropped: PendingBatch | null } {
  if (ack.result === 'committed') return { state, dropped: null };
  const dropped = state.pending.find((batch) => batch.commandId === ack.commandId) ?? null;
  if (dropped === null) return { state, dropped };
  const pending = rebase(
    state.pending.filter((batch) => batch !== dropped),
    state.versions,
  );
  return { state: { ...state, pending }, dropped };
}

/** Confirmed entries then pending ones. Confirmed entries keep their identity, so a store refolds only the tail. */
export function optimisticEntries(state: Optimistic): LogEntry[] {
  return [...state.confirmed, ...state.pending.flatMap((batch) => batch.events)];
}

/** The version a reconnecting client sends as `fromVersion`. */
export function confirmedVersion(state: Optimistic, stream: string): number {
  return state.versions[stream] ?? 0;
}

/** Renumbers pending events to follow the confirmed ones, keeping objects whose version is right. */
function rebase(pending: readonly PendingBatch[], versions: Readonly<Record<string, number>>): PendingBatch[] {
  const next = { ...versions };
  return pending.map((batch) => {
    let changed = false;
    const events = batch.events.map((event) => {
      const version = (next[event.stream] ?? 0) + 1;
      next[event.stream] = version;
      if (event.version === version) return event;
      changed = true;
      return { ...event, version };
    });
    return changed ? { ...batch, events } : batch;
  });
}
