/**
 * What the PostgreSQL and MySQL/MariaDB sessions share (EngineSession): the session's state flags, the
 * statement on the wire, COMMIT/ROLLBACK, and cancel() as "mark the session, then signal the database
 * from another connection while a statement runs". Each engine supplies how to run a control statement
 * and how to signal its backend.
 */
import { InFlightStatement } from './in-flight';
import { EngineCancelledError, EngineError } from './query-engine';

export abstract class SessionBase {
  protected cancelled = false;
  protected inTransaction = false;
  protected readOnly = false;
  protected released = false;
  /** The connection died or is in an unknown state: release() destroys it. */
  protected broken = false;
  private readonly inFlight = new InFlightStatement();

  /** Runs a control statement (BEGIN, COMMIT, SET...) on the session's connection. */
  protected abstract run(sql: string): Promise<void>;
  /** Stops the running statement from another connection (pg_cancel_backend, KILL QUERY). */
  protected abstract signalBackend(): Promise<void>;
  /** False where the database cannot stop one statement (PGlite): cancel() only marks the session. */
  protected canSignal(): boolean {
    return true;
  }

  async commit(): Promise<void> {
    this.refuseIfCancelled();
    await this.run('COMMIT');
    this.inTransaction = false;
  }

  async rollback(): Promise<void> {
    if (!this.inTransaction || this.broken) return;
    this.inTransaction = false;
    try {
      await this.run('ROLLBACK');
    } catch (err) {
      // A late cancel signal can hit the ROLLBACK itself; release() then destroys the connection anyway.
      if (!this.cancelled) throw err;
      this.broken = true;
    }
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    if (this.released || !this.canSignal()) return;
    await this.inFlight.signalWhileRunning(() => this.signalBackend());
  }

  protected refuseIfCancelled(): void {
    if (this.cancelled) throw new EngineCancelledError();
    if (this.released) throw new EngineError('This session was already released.', 'GENERIC_DB_ENGINE_ERROR', 500);
  }

  protected track<T>(promise: Promise<T>): Promise<T> {
    return this.inFlight.track(promise);
  }
}
