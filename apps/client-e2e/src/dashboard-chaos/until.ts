/** Waiting for a condition, woken by whatever may change it (a socket message, a page's frame). */
export class Wakeups {
  private readonly waiters = new Set<() => void>();

  add(wake: () => void): void {
    this.waiters.add(wake);
  }

  delete(wake: () => void): void {
    this.waiters.delete(wake);
  }

  all(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

/** A bound only so a broken run fails with what it waited for instead of hanging; never a pacing. */
const STUCK_MS = 60_000;

export async function until(wakeups: Wakeups, check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + STUCK_MS;
  while (!check()) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`chaos: timed out waiting for ${what}`);
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakeups.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, left);
      wakeups.add(wake);
    });
  }
}

/** mulberry32, as in the server's chaos spec: the same choices from the same seed on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
