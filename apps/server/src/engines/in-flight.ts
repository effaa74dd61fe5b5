/**
 * The statement a session has on the wire, shared by both engines' sessions: `track` records it, and
 * `signalWhileRunning` is how cancel() stops it in the database. A statement sent just as cancel looked
 * may not have reached the server yet, and a signal to an idle backend is ignored, so the signal (a
 * pg_cancel_backend or KILL QUERY from another connection) is repeated until the statement settles.
 */
const RETRY_MS = 100;
const GIVE_UP_MS = 10_000;

export class InFlightStatement {
  private current: Promise<unknown> | null = null;

  track<T>(promise: Promise<T>): Promise<T> {
    this.current = promise;
    const clear = () => {
      if (this.current === promise) this.current = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  async signalWhileRunning(signal: () => Promise<void>): Promise<void> {
    const started = Date.now();
    while (this.current && Date.now() - started < GIVE_UP_MS) {
      const running = this.current.then(noop, noop);
      // The signal's own connection may be slow to open: the statement ending first is good enough.
      await Promise.race([signal(), running]);
      await Promise.race([running, delay(RETRY_MS)]);
    }
  }
}

const noop = () => undefined;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
