/**
 * What a command decided against the latest state does when another writer appended between its load
 * and its append: it is loaded, folded and decided again on the newer stream, after a short random pause,
 * until it lands or COMMAND_RETRY_TIMEOUT_MS is spent. Contention alone must not drop a user's intent, so
 * the bound is time (a slow, busy server) and never a small count (a hundred users starring one dashboard
 * at once exhaust any fixed number of tries for some of them).
 */
import { setTimeout as pause } from 'node:timers/promises';

/** COMMAND_RETRY_TIMEOUT_MS when unset. */
export const DEFAULT_COMMAND_RETRY_TIMEOUT_MS = 10_000;

/** The first pause's upper bound; it doubles per lost race up to LONGEST_PAUSE_MS. */
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 200;

/** Time as the policy sees it; tests pass one whose pauses advance a counter instead of waiting. */
export interface RetryClock {
  now(): number;
  pause(ms: number): Promise<void>;
}

const systemClock: RetryClock = { now: () => performance.now(), pause: (ms) => pause(ms) };

export class CommandRetryPolicy {
  constructor(
    /** How long after the first try a lost race is still tried again; 0 answers the first conflict. */
    readonly timeoutMs: number = DEFAULT_COMMAND_RETRY_TIMEOUT_MS,
    private readonly clock: RetryClock = systemClock,
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * Runs `attempt` until it settles with anything but a lost race; a lost race past the budget is
   * thrown as is. The pause is random ("full jitter") so that the writers that lost one race do not all
   * come back together and lose the next one again.
   */
  async run<T>(attempt: () => Promise<T>, lostRace: (error: unknown) => boolean): Promise<T> {
    const deadline = this.clock.now() + this.timeoutMs;
    for (let tries = 1; ; tries += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!lostRace(error)) throw error;
        const wait = this.random() * Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (tries - 1));
        if (this.clock.now() + wait >= deadline) throw error;
        await this.clock.pause(wait);
      }
    }
  }
}
