import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import { Observable, Subject } from 'rxjs';

/** The events of one append, published only once its transaction has committed. */
export interface CommittedBatch {
  stream: string;
  /** In version order; never empty. */
  events: Envelope[];
  /** The stream's version after this batch. */
  version: number;
  /** 'local' when this process appended it; 'remote' when another process did (learned via NOTIFY). */
  origin: 'local' | 'remote';
}

/**
 * The in-process feed of committed events: the socket.io gateway pushes from it and checkpointed
 * subscribers wake on it. Publishing happens strictly after COMMIT, so nothing downstream ever sees an
 * event that could still roll back (STYLE.md "push to sockets only after the append is durable").
 *
 * Observers run synchronously inside `publish`: they must be quick and must not throw (an error thrown
 * by an RxJS observer surfaces as an uncaught exception).
 */
@Injectable()
export class CommittedEvents {
  /** Identifies this process in NOTIFY payloads, so it ignores its own notifications. */
  readonly instanceId = randomUUID();
  private readonly subject = new Subject<CommittedBatch>();
  readonly committed$: Observable<CommittedBatch> = this.subject.asObservable();

  publish(batch: CommittedBatch): void {
    if (batch.events.length > 0) this.subject.next(batch);
  }
}
