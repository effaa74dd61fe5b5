/**
 * What the chaos editors do, drawn from one seed: a small PRNG (mulberry32) picks each editor's action
 * per round and the numbers of the domain's editor gestures (libs/domain dashboard/testing/gestures.ts),
 * which pick their targets in the layout the editor holds. The run is bounded by rounds, never by time.
 */
import { draftUndoCommand, draftRedoCommand, type Layout } from '@strata/domain';
import { gestureFrom, GESTURE_SEED_LENGTH } from '@strata/domain/testing';
import type { Envelope } from '@strata/events';

export type Random = () => number;

/** mulberry32: 32-bit state, good enough to spread test choices, and the same on every machine. */
export function prng(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The seed of this run: CHAOS_SEED replays one (printed by every run), else a fresh one. */
export function chaosSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.CHAOS_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`CHAOS_SEED must be a non-negative integer: ${given}`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 32);
}

export type Action =
  | 'gesture'
  | 'burst'
  | 'undo'
  | 'redo'
  | 'save'
  | 'discard'
  | 'discardMine'
  | 'drop'
  | 'dropMidCommand'
  | 'rejoin'
  | 'idle';

const ONLINE: readonly [Action, number][] = [
  ['gesture', 60],
  ['burst', 6],
  ['undo', 11],
  ['redo', 6],
  ['save', 5],
  ['discard', 2],
  ['discardMine', 3],
  ['drop', 4],
  ['dropMidCommand', 3],
  ['idle', 3],
];
// An offline editor keeps editing (its commands wait for the reconnect) or comes back.
const OFFLINE: readonly [Action, number][] = [
  ['rejoin', 45],
  ['gesture', 40],
  ['idle', 15],
];

export function drawAction(random: Random, online: boolean): Action {
  const table = online ? ONLINE : OFFLINE;
  let k = random() % table.reduce((sum, [, w]) => sum + w, 0);
  for (const [action, weight] of table) {
    if (k < weight) return action;
    k -= weight;
  }
  return 'idle';
}

export type WireCommand = { type: string; data: unknown };

/** A layout gesture against the layout the editor holds; `n` keeps the ids it creates unique. */
export function drawGesture(random: Random, layout: Layout, who: string, n: number): WireCommand {
  const seed = Array.from({ length: GESTURE_SEED_LENGTH }, () => random() % 1000);
  const { type, data } = gestureFrom(seed)(layout, n, who);
  return { type, data };
}

/**
 * Undo or redo as the browser's session sends them: naming the batch its own log says is next; when
 * the log says there is none, the bare command, so the server's refusal is exercised too.
 */
export function historyCommand(kind: 'Undo' | 'Redo', log: readonly Envelope[], actor: string): WireCommand {
  const marker = kind === 'Undo' ? draftUndoCommand(log, actor) : draftRedoCommand(log, actor);
  return { type: kind, data: marker ? { batchId: marker.data.batchId } : {} };
}

export const saveCommand = (): WireCommand => ({ type: 'SaveDraft', data: {} });

/**
 * The owners' "Discard everyone's changes" (after the confirmation naming the others): DiscardDraft drops
 * every unsaved change, anyone's. draft-audit.ts `discardFate` says which batches it takes.
 */
export const discardCommand = (): WireCommand => ({ type: 'DiscardDraft', data: {} });

/**
 * The Discard button (issue 12 item 1): the editor's own unsaved changes, as undo markers of their own
 * batches, so the audit finds them 'undone by its author' and everyone else's stay.
 */
export const discardMineCommand = (): WireCommand => ({ type: 'DiscardMyChanges', data: {} });
