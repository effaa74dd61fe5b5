/**
 * Replaying a user's session (issue 13 item 4): the player's own facts. The replay page folds these into
 * what it shows (which step, playing or not, how fast); nothing here is the replayed user's: their
 * intents come in once, on `replay/loaded`, as the steps the audit log gave.
 */
import type { EventLike } from '@strata/events';

/** The page an intent happened on: what the replay opens to show it. */
export type ReplayPage = 'sqllab' | 'explore' | 'dashboard' | 'other';

/** One row of `GET /api/v1/audit/` (apps/server/src/audit/CONTEXT.md), as the replay reads it. */
export interface ReplayRow {
  position: number;
  time: string;
  actor: { id: number | null; username: string | null };
  object: { type: string; id: string | number; name: string | null } | null;
  type: string;
  summary: string;
  payload: unknown;
  batch_id: string | null;
  undone: boolean;
}

/** One intent of the user (one batch), on one page: what one press of "step" shows. */
export interface ReplayStep {
  /** The batch's id (null for a row recorded outside any batch: it is a step of its own). */
  batchId: string | null;
  page: ReplayPage;
  /** The object of the page (a chart or dashboard id), null for SQL Lab and other pages. */
  objectId: number | null;
  objectName: string | null;
  /** The log position of the batch's last event: the state "at" the step is the log up to here. */
  position: number;
  /** When the intent happened (its first event's time). */
  time: string;
  /** What the user did, in words (the audit summaries of the batch's events). */
  summary: string;
  /** The user undid it later. */
  undone: boolean;
  rows: readonly ReplayRow[];
}

export const REPLAY_SPEEDS = [0.5, 1, 2, 4] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplayTarget {
  userId: number;
  username: string | null;
  since: string;
  until: string;
}

export type ReplayEvent =
  | EventLike<'replay/loaded', ReplayTarget & { steps: readonly ReplayStep[]; before: readonly ReplayRow[] }>
  | EventLike<'replay/loadRefused', ReplayTarget & { message: string }>
  | EventLike<'replay/steppedForward', { to: number }>
  | EventLike<'replay/steppedBack', { to: number }>
  | EventLike<'replay/scrubbed', { to: number }>
  | EventLike<'replay/played', { from: number }>
  | EventLike<'replay/paused', { at: number }>
  /** The player's timer moved on to the next step (not the viewer's intent). */
  | EventLike<'replay/advanced', { to: number }>
  /** Playing reached the last step and stopped. */
  | EventLike<'replay/ended', { at: number }>
  | EventLike<'replay/speedChanged', { speed: ReplaySpeed }>;

export type ReplayCommand =
  | { type: 'LoadReplay'; data: ReplayTarget & { steps: readonly ReplayStep[]; before: readonly ReplayRow[] } }
  | { type: 'RefuseReplay'; data: ReplayTarget & { message: string } }
  | { type: 'StepForward' }
  | { type: 'StepBack' }
  | { type: 'ScrubTo'; data: { to: number } }
  | { type: 'Play' }
  | { type: 'Pause' }
  | { type: 'Advance' }
  | { type: 'ChangeSpeed'; data: { speed: number } };

export interface ReplayState {
  status: 'choosing' | 'ready' | 'refused';
  target: ReplayTarget | null;
  steps: readonly ReplayStep[];
  /** The user's SQL Lab tab-state rows before `since`: the tabs they already had when the range starts. */
  before: readonly ReplayRow[];
  /** The step shown (-1: none, the range holds no intent). */
  at: number;
  playing: boolean;
  speed: ReplaySpeed;
  refusal: string | null;
}
