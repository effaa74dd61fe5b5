/**
 * The per-schedule single-flight lock around a run (issue 14 item 3): at most one run call per schedule at
 * a time across every server process on the metadata PostgreSQL. The domain's refusal of a second start
 * (`report_run_duplicate`) stays the last line; the lock keeps a second process from even loading,
 * deciding and racing for the same time while the first is sending.
 *
 * A session advisory lock on a connection held for the run, not a transaction lock: a transaction open
 * for a whole render would hold back every reader of the log (event-store CONTEXT "log order"). If the
 * process dies its connection closes and PostgreSQL frees the lock; the run it left Working is then ended
 * by the timeout sweep.
 *
 * The embedded PGlite has one session for all connections, where advisory locks are re-entrant and never
 * exclude: there the in-process set below is the lock, and it is the same guarantee, since one server
 * process owns the embedded database (storage/embedded/CONTEXT.md).
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The advisory lock space of report schedules (pg_try_advisory_lock(int, int)'s first key). */
const REPORT_LOCK_SPACE = 0x5245_5054; // 'REPT'

@Injectable()
export class ScheduleLock {
  private readonly held = new Set<number>();

  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` while holding the schedule's lock; null at once when another caller holds it. */
  async withLock<T>(reportId: number, work: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.held.has(reportId)) return null;
    this.held.add(reportId);
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        REPORT_LOCK_SPACE,
        reportId,
      ])) as { locked: boolean }[];
      if (!locked) return null;
      try {
        return { value: await work() };
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1, $2)', [REPORT_LOCK_SPACE, reportId]).catch(() => undefined);
      }
    } finally {
      await runner.release();
      this.held.delete(reportId);
    }
  }
}
