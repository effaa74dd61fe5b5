/**
 * Reverting one past intent of an object as a new intent (issue 13 item 2), the part every context
 * shares. A revert needs more than the fold: which batch set what, and what those fields held before it.
 * So it reads the stream's log (the envelopes the server loaded), never a read model:
 *
 * - the batch must be this stream's, live (not undone), and an edit (a creation, deletion or star is
 *   not revertible);
 * - the fields it set are its keys (`keysOf`); any later live batch that set one of them built on it,
 *   and the revert is refused, naming who and what ("'Rename' cannot be reverted: alice changed the
 *   name again later (…)"), because restoring the old value would silently overwrite their work;
 * - otherwise the context turns "these keys as they were before the batch" into its ordinary edit
 *   events against the current state, and the batch ends with its `changeReverted` fact.
 *
 * Later batches that set other fields do not block: the revert touches only the batch's own keys.
 */
import {
  applyEntry,
  DomainError,
  indexHistory,
  isHistoryEvent,
  type Envelope,
  type EventLike,
  type Fold,
} from '@strata/events';

export interface RevertCommandData {
  /** The intent (batch) to revert, as the object's history lists it. */
  batchId: string;
}

/** Who is who in messages: actor id (meta.actor) to user name; unknown actors read as "user <id>". */
export interface RevertContext {
  names: ReadonlyMap<string, string>;
}

export interface RevertRules<S, E extends EventLike> {
  fold: Fold<S, E>;
  /** The object's kind in messages ("chart"). */
  noun: string;
  /** The fact that records a revert (`chart/changeReverted`); a batch holding it names what it reverted. */
  revertedType: E['type'];
  /** False for what is no edit to take back (a creation, a deletion, a refresh from the database). */
  revertible(event: E): boolean;
  /** The keys (fields, or one column's key) an event sets: a later event setting one blocks a revert. */
  keysOf(event: E): string[];
  /** A key in a sentence: "the name", "the parameters", "the column 'delay'". */
  keyLabel(key: string): string;
  /** The intent a batch records, for messages: "Rename", "Change of parameters". */
  intentOf(events: readonly E[]): string;
}

/** The stream as the server loaded it: its log, and its fold now (undone batches skipped). */
export interface StreamHistory<S> {
  events: readonly Envelope[];
  state: S;
}

export interface RevertPlan<S> {
  /** The object as it was just before the batch (later undone batches skipped as the fold skips them). */
  before: S;
  /** The keys the batch set: the revert restores these and nothing else. */
  keys: string[];
}

const nameOf = (ctx: RevertContext, actor: string) => ctx.names.get(actor) ?? `user ${actor}`;

/** What to restore for a revert of `batchId`, or a DomainError saying why it cannot be reverted. */
export function planRevert<S, E extends EventLike>(
  rules: RevertRules<S, E>,
  entries: readonly Envelope[],
  batchId: string,
  ctx: RevertContext,
): RevertPlan<S> {
  const index = indexHistory(entries);
  const batch = index.batch(batchId);
  const own = entries.filter((e) => e.meta.batchId === batchId && !isHistoryEvent(e)) as unknown as E[];
  if (batch === undefined || own.length === 0)
    throw new DomainError('change_not_found', `There is no such change on this ${rules.noun}.`);
  const intent = rules.intentOf(own);
  const refuse = (code: string, why: string): never => {
    throw new DomainError(code, `'${intent}' cannot be reverted: ${why}.`);
  };
  if (index.isUndoneAt(batchId, entries.length)) refuse('change_undone', 'it was undone');
  const keys = new Set<string>();
  for (const event of own) {
    if (event.type === rules.revertedType) refuse('change_not_revertible', 'it is itself a revert');
    if (!rules.revertible(event)) refuse('change_not_revertible', `it is not an edit of the ${rules.noun}`);
    for (const key of rules.keysOf(event)) keys.add(key);
  }
  const last = batch.firstIndex + batch.eventCount - 1;
  const later = entries
    .slice(last + 1)
    .filter((e) => !isHistoryEvent(e) && !index.isUndoneAt(e.meta.batchId, entries.length));
  const reverted = later.find(
    (e) => e.type === rules.revertedType && (e.data as RevertCommandData).batchId === batchId,
  );
  if (reverted)
    refuse('change_already_reverted', `${nameOf(ctx, reverted.meta.actor)} reverted it already (${reverted.meta.at})`);
  for (const entry of later) {
    const event = entry as unknown as E;
    const clash = rules.keysOf(event).find((key) => keys.has(key));
    if (clash !== undefined)
      refuse(
        'change_depended_on',
        `${nameOf(ctx, entry.meta.actor)} changed ${rules.keyLabel(clash)} again later ` +
          `('${rules.intentOf([event])}' at ${entry.meta.at}); revert that change first`,
      );
  }
  // The state before the batch as the fold sees it now: batches undone by now stay skipped.
  let before = rules.fold.initialState();
  for (let i = 0; i < batch.firstIndex; i += 1) {
    const entry = entries[i]!;
    if (isHistoryEvent(entry) || index.isUndoneAt(entry.meta.batchId, entries.length)) continue;
    before = applyEntry(rules.fold, before, entry);
  }
  return { before, keys: [...keys] };
}
