/**
 * The chaos test's verdict, read from the draft's log as the store holds it and from every ack the
 * editors received (issue 12 item 7): each acknowledged change is in the draft, in a saved version, or
 * was undone or discarded by its author (or by an owner's discard of everyone's draft); no rejected
 * command landed; every save published exactly the fold it was decided on. Pure: the server's chaos spec
 * (apps/server dashboard-drafts/chaos) and the e2e (dashboard-chaos.e2e.spec.ts) hand it what they collected.
 */
import {
  foldEntries,
  indexHistory,
  isHistoryEvent,
  type AckMessage,
  type Envelope,
  type HistoryIndex,
} from '@strata/events';
import { isLayoutEvent } from '../layout/layout.events';
import { GRID_ID, type Layout } from '../layout/types';
import { layoutProblems } from '../layout/validate';
import { parseDraftCommand } from '../session/command-schema';
import { draftDecider } from '../session/draft.decider';
import { HISTORY_BARRIER_TYPES, type DraftChange, type DraftEvent, type DraftState } from '../session/draft.model';
import { deepEqual } from '../../testing/deep-equal';

/** A command an editor sent (its batch id names its events in the log) and the ack it got. */
export interface AckedCommand {
  sent: { who: string; batchId: string; command: { type: string; data: unknown } };
  ack: AckMessage;
}

export interface Audit {
  problems: string[];
  /** Where each acknowledged change went, counted ('saved', 'undone by its author', ...). */
  fates: Record<string, number>;
  /** Rejections by reason; each reached its author with a message. */
  rejected: Record<string, number>;
  committed: number;
}

interface Batch {
  first: number;
  last: number;
  actor: string;
}

const BARRIERS: readonly string[] = HISTORY_BARRIER_TYPES;

/**
 * How to name a change that an owner's discard of everyone's draft (DiscardDraft) took. The per-user
 * Discard (DiscardMyChanges) needs nothing here: it undoes its author's own batches with their markers,
 * so they are 'undone by its author'.
 */
export function discardFate(discard: Envelope, batch: { actor: string }, owners: ReadonlySet<string>): string | null {
  const by = (discard.data as { by: string }).by;
  if (by === batch.actor) return 'discarded by its author';
  return owners.has(by) ? "discarded by an owner's discard of everyone's draft" : null;
}

/** The fold at `position` and the layout batches whose events did not apply there (an event `evolve` skipped). */
function foldAt(
  log: readonly Envelope[],
  position: number,
): { state: DraftState; index: HistoryIndex; skipped: Set<string> } {
  const index = indexHistory(log.slice(0, position));
  const skipped = new Set<string>();
  let state = draftDecider.initialState();
  for (const entry of log.slice(0, position)) {
    if (isHistoryEvent(entry) || index.isUndoneAt(entry.meta.batchId, position)) continue;
    const next = draftDecider.evolve(state, entry as unknown as DraftEvent);
    if (isLayoutEvent(entry) && next === state && !alreadyDone(entry, state.layout)) skipped.add(entry.meta.batchId);
    state = next;
  }
  return { state, index, skipped };
}

/** A removal that did not apply because what it removes is gone anyway: nothing of its author's is lost. */
function alreadyDone(entry: Envelope, layout: Layout): boolean {
  if (entry.type === 'dashboard/componentDeleted') return !layout[(entry.data as { id: string }).id];
  return entry.type === 'dashboard/topLevelTabsRemoved' && layout[GRID_ID] !== undefined;
}

export function auditDraftLog(
  log: readonly Envelope[],
  acked: readonly AckedCommand[],
  actorOf: (who: string) => string,
  owners: ReadonlySet<string>,
): Audit {
  const problems: string[] = [];
  const fates: Record<string, number> = {};
  const rejected: Record<string, number> = {};
  const count = (into: Record<string, number>, key: string) => (into[key] = (into[key] ?? 0) + 1);
  const batches = batchesOf(log, problems);
  const barrierAfter = (at: number) => {
    const next = log.findIndex((e, i) => i > at && BARRIERS.includes(e.type));
    return next < 0 ? log.length : next;
  };
  const folds = new Map<number, ReturnType<typeof foldAt>>();
  const fold = (position: number) => folds.get(position) ?? folds.set(position, foldAt(log, position)).get(position)!;

  let committed = 0;
  for (const { sent, ack } of acked) {
    const what = `${sent.who}'s ${sent.command.type} (${sent.batchId})`;
    const batch = batches.get(sent.batchId);
    if (ack.result === 'rejected') {
      count(rejected, ack.reason);
      if (!ack.message) problems.push(`${what} was rejected (${ack.reason}) without a message for its author`);
      if (batch)
        problems.push(`${what} was rejected (${ack.reason}: ${ack.message}) but is in the log at ${batch.first + 1}`);
      continue;
    }
    committed += 1;
    if (!batch) {
      const noOp = checkNoOp(log, sent.command, actorOf(sent.who), ack.version);
      if (noOp) problems.push(`${what} was acknowledged at version ${ack.version} but is not in the log: ${noOp}`);
      else count(fates, 'changed nothing');
      continue;
    }
    if (batch.actor !== actorOf(sent.who)) problems.push(`${what} is in the log in the name of ${batch.actor}`);
    if (log[batch.last]!.version !== ack.version)
      problems.push(
        `${what} was acknowledged at version ${ack.version}, the log has it at ${log[batch.last]!.version}`,
      );
    if (!isLayoutEvent(log[batch.first]!)) continue;
    const fate = fateOf(sent.batchId, batch, barrierAfter(batch.first), fold, log, owners);
    if (fate.startsWith('LOST')) problems.push(`${what}: ${fate}`);
    count(fates, fate.startsWith('LOST') ? 'LOST' : fate);
  }
  checkSaves(log, fold, problems);
  checkMarkers(log, problems);
  const final = fold(log.length).state.layout;
  for (const problem of layoutProblems(final)) problems.push(`the final draft breaks a layout rule: ${problem}`);
  return { problems, fates, rejected, committed };
}

function batchesOf(log: readonly Envelope[], problems: string[]): Map<string, Batch> {
  const batches = new Map<string, Batch>();
  log.forEach((entry, i) => {
    if (entry.version !== i + 1) problems.push(`the log's entry ${i + 1} has version ${entry.version}`);
    const known = batches.get(entry.meta.batchId);
    if (!known) batches.set(entry.meta.batchId, { first: i, last: i, actor: entry.meta.actor });
    else if (known.last === i - 1) known.last = i;
    else problems.push(`batch ${entry.meta.batchId} was appended twice (at ${known.first + 1} and ${i + 1})`);
  });
  return batches;
}

/** Null when the command, decided on the draft at `version`, gives no events (so the ack is honest). */
function checkNoOp(log: readonly Envelope[], command: { type: string; data: unknown }, actor: string, version: number) {
  if (command.type === 'Undo' || command.type === 'Redo') return 'an undo or redo always appends its marker';
  const session = ['SaveDraft', 'DiscardDraft', 'DiscardMyChanges'].includes(command.type);
  const data = session ? { ...(command.data as object), at: 'the server clock' } : command.data;
  const parsed = parseDraftCommand({ type: command.type, data }, actor);
  if (!parsed.ok) return `the domain refuses its payload: ${parsed.problems.join('; ')}`;
  try {
    const events = draftDecider.decide(parsed.command, foldEntries(draftDecider, log, version), undefined);
    return events.length === 0 ? null : `on the draft at that version it gives ${events.map((e) => e.type).join(', ')}`;
  } catch (error) {
    return `on the draft at that version the domain refuses it: ${(error as Error).message}`;
  }
}

function fateOf(
  batchId: string,
  batch: Batch,
  barrier: number,
  fold: (position: number) => ReturnType<typeof foldAt>,
  log: readonly Envelope[],
  owners: ReadonlySet<string>,
): string {
  const at = fold(barrier);
  const where = barrier === log.length ? 'the draft now' : `${log[barrier]!.type} at version ${barrier + 1}`;
  if (at.index.isUndoneAt(batchId, barrier)) return 'undone by its author';
  if (at.skipped.has(batchId))
    return `LOST: not undone, yet some of its events no longer apply in ${where} (the batch is at version ${batch.first + 1})`;
  if (barrier === log.length) return 'in the draft';
  const end = log[barrier]!;
  switch (end.type) {
    case 'dashboard/draftSaved':
      return 'saved in a version';
    case 'dashboard/draftDiscarded':
      return discardFate(end, batch, owners) ?? `LOST: discarded by ${(end.data as { by: string }).by}, no owner`;
    default:
      return `replaced by ${end.type}`;
  }
}

/**
 * Each save published the fold it was decided on, with that fold's changes, and a valid layout; each
 * discard of everyone's draft kept what it dropped (issue 12 item 1: recoverable from the history).
 */
function checkSaves(
  log: readonly Envelope[],
  fold: (position: number) => ReturnType<typeof foldAt>,
  problems: string[],
) {
  // Who did what to which component; the record may carry more (e.g. batch ids) as it grows.
  const gist = (changes: readonly DraftChange[]) => changes.map((c) => `${c.actor} ${c.kind} ${c.componentId ?? ''}`);
  log.forEach((entry, i) => {
    if (entry.type !== 'dashboard/draftSaved' && entry.type !== 'dashboard/draftDiscarded') return;
    const kept = entry.data as { version: number; layout: unknown; changes: readonly DraftChange[] };
    const what = entry.type === 'dashboard/draftSaved' ? `version ${kept.version}` : `the discard at log ${i + 1}`;
    const { state } = fold(i);
    if (!deepEqual(kept.layout, state.layout))
      problems.push(`${what} (log ${i + 1}) holds a layout other than the draft it was decided on`);
    if (!deepEqual(gist(kept.changes ?? []), gist(state.changes)))
      problems.push(`${what} (log ${i + 1}) lists changes other than the draft's`);
    if (entry.type === 'dashboard/draftSaved')
      for (const problem of layoutProblems(state.layout)) problems.push(`${what} breaks a layout rule: ${problem}`);
  });
}

/** No undo or redo reached across a save, discard or restore (charts-dashboards-reports §4). */
function checkMarkers(log: readonly Envelope[], problems: string[]) {
  for (const { index, targetFirstIndex } of indexHistory(log).effectiveMarkers) {
    const crossed = log.findIndex((e, i) => i > targetFirstIndex && i < index && BARRIERS.includes(e.type));
    if (crossed >= 0)
      problems.push(`the marker at ${index + 1} flips a batch from before the ${log[crossed]!.type} at ${crossed + 1}`);
  }
}
