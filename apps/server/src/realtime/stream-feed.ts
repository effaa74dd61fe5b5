import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { WIRE_EVENT, type Envelope } from '@strata/events';
import type { Subscription as RxSubscription } from 'rxjs';
import { CommittedEvents, type CommittedBatch } from '../event-store/committed-events';
import { EventStore } from '../event-store/event-store.port';
import type { StrataSocket } from './socket-types';
import { StreamAccessPolicy } from './stream-access.policy';

/** One socket's subscription to one stream. */
class StreamSubscription {
  /** Highest version this socket has been sent (or had, per its fromVersion). */
  lastVersion: number;
  /** False while the catch-up read runs: commits meanwhile are buffered, not sent. */
  live = false;
  buffer: Envelope[] = [];
  closed = false;
  /** Deliveries run one after another, so the socket sees versions in order. */
  chain: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: StrataSocket,
    readonly stream: string,
    fromVersion: number,
  ) {
    this.lastVersion = fromVersion;
  }
}

/**
 * Sends each subscribed socket every event of its streams exactly once and in version order: first the
 * catch-up (`subscribed`, everything after the client's fromVersion), then live `events` from
 * CommittedEvents (this process's commits, and other processes' through LISTEN/NOTIFY).
 *
 * No event is lost or doubled around the catch-up: the subscription is registered before the store is
 * read, commits arriving meanwhile are buffered, and the buffer is then sent minus what the read already
 * had. Live batches can arrive out of order (a remote batch via NOTIFY after a newer local one); a batch
 * that does not follow the last version sent makes the feed read the gap from the store instead.
 *
 * Events that may take the stream away from a reader (a read rule's `affectedBy`, e.g. a dashboard
 * unpublished) reach a socket only if its user may still read the stream: the gateway revokes the others
 * after the commit, and they must not see the batch that did it (a new title saved with it, say).
 */
@Injectable()
export class StreamFeed implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(StreamFeed.name);
  private readonly byStream = new Map<string, Set<StreamSubscription>>();
  private readonly bySocket = new Map<string, Map<string, StreamSubscription>>();
  private feed?: RxSubscription;

  constructor(
    private readonly store: EventStore,
    private readonly committed: CommittedEvents,
    private readonly access: StreamAccessPolicy,
  ) {}

  onModuleInit(): void {
    this.feed = this.committed.committed$.subscribe((batch) => this.offer(batch));
  }

  onModuleDestroy(): void {
    this.feed?.unsubscribe();
  }

  isSubscribed(socket: StrataSocket, stream: string): boolean {
    return this.bySocket.get(socket.id)?.has(stream) ?? false;
  }

  /** The streams this socket is subscribed to (or is subscribing to, its catch-up still running). */
  streamsOf(socket: StrataSocket): string[] {
    return [...(this.bySocket.get(socket.id)?.keys() ?? [])];
  }

  /** Every stream a socket of this process follows (or is subscribing to): for rules to pick theirs from. */
  streams(): string[] {
    return [...this.byStream.keys()];
  }

  /**
   * The sockets following `stream` live (catch-up answered, still allowed): for streams no store holds,
   * whose messages their context sends itself (audit/ live tail).
   */
  liveSockets(stream: string): StrataSocket[] {
    return [...(this.byStream.get(stream) ?? [])].filter((s) => s.live && !s.closed).map((s) => s.socket);
  }

  /** Answers `subscribed` with the catch-up, then keeps the socket live. Replaces an earlier subscription. */
  async subscribe(socket: StrataSocket, stream: string, fromVersion: number): Promise<void> {
    this.unsubscribe(socket, stream);
    const sub = new StreamSubscription(socket, stream, fromVersion);
    this.add(sub);
    const events = await this.store.readStream(stream, fromVersion);
    // With nothing to catch up, the client is current, or (fromVersion beyond the stream, e.g. after a
    // database reset) ahead: report the store's version so it can start over.
    const version = events.at(-1)?.version ?? Math.min(fromVersion, await this.store.streamVersion(stream));
    if (sub.closed) return; // unsubscribed or disconnected while reading
    socket.emit(WIRE_EVENT, { type: 'subscribed', stream, events, version });
    sub.lastVersion = version;
    sub.live = true;
    const buffered = sub.buffer;
    sub.buffer = [];
    if (buffered.length > 0) this.deliver(sub, buffered);
  }

  unsubscribe(socket: StrataSocket, stream: string): void {
    const sub = this.bySocket.get(socket.id)?.get(stream);
    if (!sub) return;
    sub.closed = true;
    this.bySocket.get(socket.id)!.delete(stream);
    const peers = this.byStream.get(stream)!;
    peers.delete(sub);
    if (peers.size === 0) this.byStream.delete(stream);
  }

  /** Forgets every subscription of a disconnected socket; returns the streams it had. */
  disconnect(socket: StrataSocket): string[] {
    const streams = this.streamsOf(socket);
    for (const stream of streams) this.unsubscribe(socket, stream);
    this.bySocket.delete(socket.id);
    return streams;
  }

  private add(sub: StreamSubscription): void {
    let socketSubs = this.bySocket.get(sub.socket.id);
    if (!socketSubs) this.bySocket.set(sub.socket.id, (socketSubs = new Map()));
    socketSubs.set(sub.stream, sub);
    let peers = this.byStream.get(sub.stream);
    if (!peers) this.byStream.set(sub.stream, (peers = new Set()));
    peers.add(sub);
  }

  private offer(batch: CommittedBatch): void {
    for (const sub of this.byStream.get(batch.stream) ?? []) {
      if (sub.live) this.deliver(sub, batch.events);
      else sub.buffer.push(...batch.events);
    }
  }

  private deliver(sub: StreamSubscription, events: Envelope[]): void {
    sub.chain = sub.chain
      .then(async () => {
        const fresh = events.filter((e) => e.version > sub.lastVersion).sort((a, b) => a.version - b.version);
        if (fresh.length === 0) return;
        const contiguous = fresh.every((e, i) => e.version === sub.lastVersion + 1 + i);
        const send = contiguous ? fresh : await this.store.readStream(sub.stream, sub.lastVersion);
        if (sub.closed || send.length === 0) return;
        if (!(await this.mayStillRead(sub, send))) {
          sub.closed = true; // nothing more until the gateway's re-check revokes the subscription
          return;
        }
        sub.socket.emit(WIRE_EVENT, { type: 'events', stream: sub.stream, events: send });
        sub.lastVersion = send.at(-1)!.version;
      })
      .catch((error: Error) => this.logger.error(`push to ${sub.socket.id} on ${sub.stream} failed: ${error.message}`));
  }

  private async mayStillRead(sub: StreamSubscription, events: Envelope[]): Promise<boolean> {
    if (!this.access.streamsAffectedBy({ stream: sub.stream, events }).includes(sub.stream)) return true;
    return (await this.access.canRead(sub.socket.data.user, sub.stream)).allowed;
  }
}
