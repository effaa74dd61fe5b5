/**
 * Stops an export's statement as soon as its time limit passes or its client goes away: the statement
 * is cancelled from another connection, and the session's release then destroys its connection (a
 * cancelled connection is never pooled again). `statement_timeout` alone does not bound an export: it
 * applies to each read of the portal, so a query slow enough per batch but long in total would stream
 * for its full length; and a client that left mid-file would hold a connection until the next batch.
 */
import type { HttpResponse } from '../../auth/http-request';
import type { EngineSession } from '../../engines/query-engine';

export type StopReason = 'timeout' | 'client_gone';

export class ExportGuard {
  private reason: StopReason | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly session: EngineSession,
    private readonly res: HttpResponse,
    timeoutMs: number,
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
    void this.session.cancel().catch(() => undefined);
  }
}
