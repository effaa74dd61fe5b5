/**
 * Stops an export's statement as soon as its time limit passes or its client goes away, with `stop`:
 * the session's cancel (from another connection; the session's release then destroys its connection, a
 * cancelled connection is never pooled again), or on the embedded PGlite, which cannot cancel one
 * statement, a restart of the examples database as SQL Lab's Stop does. `statement_timeout` alone does not bound an export: it
 * applies to each read of the portal, so a query slow enough per batch but long in total would stream
 * for its full length; and a client that left mid-file would hold a connection until the next batch.
 */
import type { HttpResponse } from '../../auth/http-request';

export type StopReason = 'timeout' | 'client_gone';

export class ExportGuard {
  private reason: StopReason | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly res: HttpResponse,
    timeoutMs: number,
    private readonly stopStatement: () => Promise<unknown>,
  ) {
    this.timer = setTimeout(() => this.stop('timeout'), Math.max(0, timeoutMs));
    res.on('close', this.onClose);
    // Gone while the session was being opened: 'close' has already fired.
    if (res.destroyed) this.onClose();
  }

  /** Why the statement was stopped, if it was. */
  get stoppedBy(): StopReason | null {
    return this.reason;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.res.off('close', this.onClose);
  }

  private readonly onClose = () => {
    // 'close' also follows a complete response; only a response cut short means the client left.
    if (!this.res.writableFinished) this.stop('client_gone');
  };

  private stop(reason: StopReason): void {
    if (this.reason !== null) return;
    this.reason = reason;
    void this.stopStatement().catch(() => undefined);
  }
}
