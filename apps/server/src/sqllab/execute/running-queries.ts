/**
 * The engine sessions of the runs in this process, by client id, so a Stop can cancel the statement in
 * the database. The Stop request only appends `sqllab/queryStopped`; this registry reacts to that event
 * on CommittedEvents, which also carries events committed by other server processes (NOTIFY), so a
 * Stop received by one process cancels a run held by another (a BullMQ worker elsewhere).
 */
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { CommittedEvents } from '../../event-store/committed-events';
import type { EngineSession } from '../../engines/query-engine';

/** How long a Stop for a run not running here is remembered (a run registers within moments of its start). */
const RECENT_STOP_MS = 60_000;

@Injectable()
export class RunningQueries implements OnModuleInit, OnModuleDestroy {
  private readonly sessions = new Map<string, { session: EngineSession; cancel: () => Promise<void> }>();
  /** Stops seen for runs not (yet) registered here, by client id, with when: a run registering late is cancelled at once. */
  private readonly recentStops = new Map<string, number>();
  private subscription: Subscription | null = null;

  constructor(private readonly committed: CommittedEvents) {}

  onModuleInit(): void {
    this.subscription = this.committed.committed$.subscribe((batch) => {
      if (!batch.stream.startsWith('query:')) return;
      // A non-admin's Stop kept before its run started (`onlyFor`) may be for someone else's run: the start
      // it applies to appends its own queryStopped, which cancels then.
      const stops = batch.events.some(
        (e) => e.type === 'sqllab/queryStopped' && (e.data as { onlyFor?: number }).onlyFor === undefined,
      );
      if (stops) this.cancel(batch.stream.slice('query:'.length));
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  /** `cancel` defaults to the session's own; the embedded examples database needs a restart instead. */
  register(clientId: string, session: EngineSession, cancel: () => Promise<void> = () => session.cancel()): void {
    this.sessions.set(clientId, { session, cancel });
    // Stopped between its start and now (a sync run's first statement has no progress step to notice it).
    if (this.recentStops.delete(clientId)) this.cancel(clientId);
  }

  unregister(clientId: string, session: EngineSession): void {
    if (this.sessions.get(clientId)?.session === session) this.sessions.delete(clientId);
  }

  isRunningHere(clientId: string): boolean {
    return this.sessions.has(clientId);
  }

  /** Cancels in the database; errors are swallowed (the run reports its own outcome). */
  cancel(clientId: string): void {
    const running = this.sessions.get(clientId);
    if (running) void running.cancel().catch(() => undefined);
    else this.rememberStop(clientId);
  }

  private rememberStop(clientId: string): void {
    const now = Date.now();
    for (const [id, at] of this.recentStops) if (now - at > RECENT_STOP_MS) this.recentStops.delete(id);
    this.recentStops.set(clientId, now);
  }
}
