/**
 * The one envelope every event travels in, on the client, on the wire and in the store.
 * `type` is namespaced and past tense (`dashboard/componentMoved`); `data` is the fact's payload.
 */
export interface EventMeta {
  /** Who caused the event: a user id as a string, or 'system'. */
  actor: string;
  /** ISO-8601 time the command was accepted. Comes from the command, never from evolve. */
  at: string;
  /** One intent gives one batch; a batch is one undo step. */
  batchId: string;
  causationId?: string;
  correlationId?: string;
  /** The client's sequence number of the command that produced the batch (for acks). */
  clientSeq?: number;
  sessionId?: string;
  /** Idempotency key: a command id appended twice yields the first append's events. */
  commandId?: string;
  /** False for loading, remote hydration and view-only changes: never undo steps. Default true. */
  undoable?: boolean;
}

export interface Envelope<TType extends string = string, TData = unknown> {
  id: string;
  stream: string;
  /** 1-based version of the event inside its stream. */
  version: number;
  /** Global position in the store (server-assigned); absent for client-local pending events. */
  position?: number;
  type: TType;
  data: TData;
  meta: EventMeta;
}

/** An event before it is enveloped: a member of a context's discriminated union. */
export interface EventLike<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/** The envelope type for a union of events `{type, data}`. */
export type EnvelopeOf<E extends EventLike> = E extends EventLike<infer T, infer D> ? Envelope<T, D> : never;

/** Undo and redo are facts in the log, addressed by batch id. */
export const HISTORY_UNDONE = 'history/undone' as const;
export const HISTORY_REDONE = 'history/redone' as const;
export type HistoryEvent =
  EventLike<typeof HISTORY_UNDONE, { batchId: string }> | EventLike<typeof HISTORY_REDONE, { batchId: string }>;

export function isHistoryEvent(e: EventLike): e is HistoryEvent {
  return e.type === HISTORY_UNDONE || e.type === HISTORY_REDONE;
}

/**
 * The pure core of a bounded context (emmett's Decider). `decide` returns the events of one batch,
 * or throws a DomainError whose message is shown to the user; `evolve` is total: an event it cannot
 * apply leaves the state unchanged.
 */
export interface Decider<S, E extends EventLike, C, Ctx = void> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S, context: Ctx): E[];
}

/** A rule broken by a command. `code` is stable for programs; `message` is for people. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
