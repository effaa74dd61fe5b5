import { distinctUntilChanged, EMPTY, map, switchMap, timer, type Subscription } from 'rxjs';
import { DomainError } from '@strata/events';
import {
  replayDecider,
  replayStepMs,
  replaySteps,
  type ReplayCommand,
  type ReplayEvent,
  type ReplayState,
} from '@strata/domain';
import {
  createFeatureStore,
  MAY_LAND_IN_PAST,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { ReplayApi } from './replay-api';

export interface ReplayRequest {
  userId: number;
  since: string;
  until: string;
}

/**
 * The replay page's store (issue 13 item 4): its own log of the player's facts, folded by the domain's
 * replay decider. Loading reads the audit API; the player's timer is an RxJS effect that appends
 * `replay/advanced` while playing. Nothing here writes: the page only ever GETs.
 */
export interface ReplayFeature {
  readonly store: FeatureStore<ReplayState, ReplayEvent>;
  readonly api: ReplayApi;
  /** Loads the user's intents in the range; a refusal of the server (403) is kept and shown. */
  open(request: ReplayRequest): Promise<void>;
  /** Decides a player command on the live state and records its events as one batch. */
  execute(command: ReplayCommand): void;
  /** Starts the player's timer (while the page is mounted); returns how to stop it. */
  start(): () => void;
}

export function createReplay(context: ClientContext, api: ReplayApi): ReplayFeature {
  const store = createFeatureStore<ReplayState, ReplayEvent>('replay', replayDecider, context);
  /** `fact`: a load's answer or the player's timer, which may land while a page shows the past. */
  const decide = (command: ReplayCommand, fact = false) => {
    try {
      store.record(replayDecider.decide(command, store.getState()), fact ? MAY_LAND_IN_PAST : {});
    } catch (error) {
      // A scrub past the end or an unknown speed: the controls never offer them; nothing to record.
      if (!(error instanceof DomainError)) throw error;
    }
  };

  // The player: while playing, one step per 1/speed seconds; a step, a scrub or a new speed restarts
  // the wait, pausing or the last step ends it.
  const player = () =>
    store.liveState$
      .pipe(
        map((s) => ({ playing: s.playing, speed: s.speed, at: s.at })),
        distinctUntilChanged((a, b) => a.playing === b.playing && a.speed === b.speed && a.at === b.at),
        switchMap((s) => (s.playing ? timer(replayStepMs(s.speed)) : EMPTY)),
      )
      .subscribe(() => decide({ type: 'Advance' }, true));

  return {
    store,
    api,
    execute: (command) => decide(command),
    async open({ userId, since, until }) {
      const target = { userId, username: null, since, until };
      try {
        const [rows, before] = await Promise.all([
          api.rows({ actor: userId, since, until }),
          // The tabs the user already had when the range starts: their tab-state stream before it.
          api.rows({ actor: userId, object: { type: 'sqllab_tab', id: userId }, until: since }),
        ]);
        const username = rows[0]?.actor.username ?? before[0]?.actor.username ?? null;
        decide({ type: 'LoadReplay', data: { ...target, username, steps: replaySteps(rows), before } }, true);
      } catch (error) {
        decide({ type: 'RefuseReplay', data: { ...target, message: toClientError(error).message } }, true);
      }
    },
    start() {
      const running: Subscription = player();
      return () => running.unsubscribe();
    },
  };
}
