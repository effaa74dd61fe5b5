/**
 * One editor of the chaos test: a real socket.io client that keeps its own copy of the draft's log (the
 * catch-up and every live event, merged by stream version, so a gap or a changed event is caught) and
 * every command it sent until its ack arrives. Like the browser's session (apps/client draft-session.ts),
 * a command made while offline waits, and after a reconnect every unacknowledged command is sent again
 * with the same command id, so the server applies it at most once.
 */
import { draftDecider, draftStreamId, type Layout } from '@strata/domain';
import {
  foldEntries,
  PROTOCOL_VERSION,
  WIRE_EVENT,
  type AckMessage,
  type Envelope,
  type ServerMessage,
} from '@strata/events';
import type { TestClient } from '../../../../test/realtime/realtime-test-app';

export interface SentCommand {
  who: string;
  commandId: string;
  batchId: string;
  clientSeq: number;
  command: { type: string; data: unknown };
}

export interface AckedCommand {
  sent: SentCommand;
  ack: AckMessage;
}

/** A bound on waiting for a condition, only so a broken run fails instead of hanging (never a pacing). */
const STUCK_MS = 30_000;

export class ChaosEditor {
  readonly acked: AckedCommand[] = [];
  /** What went wrong on the wire: gaps, events that changed, acks for unknown commands. */
  readonly problems: string[] = [];
  private readonly held = new Map<number, Envelope>();
  private readonly entries: Envelope[] = [];
  private readonly unacked = new Map<string, SentCommand>();
  private readonly waiters = new Set<() => void>();
  private client: TestClient | null = null;
  private subscribed = false;
  private seq = 0;

  constructor(
    readonly who: string,
    private readonly dashboardId: number,
    private readonly open: () => Promise<TestClient>,
  ) {}

  get stream(): string {
    return draftStreamId(this.dashboardId);
  }

  get online(): boolean {
    return this.client !== null;
  }

  /** The last stream version this editor holds with nothing missing before it. */
  get version(): number {
    return this.entries.length;
  }

  get log(): readonly Envelope[] {
    return this.entries;
  }

  get layout(): Layout {
    return foldEntries(draftDecider, this.entries).layout;
  }

  /** How many commands this editor has sent. */
  get sent(): number {
    return this.seq;
  }

  get pending(): number {
    return this.unacked.size;
  }

  /** Connects, subscribes from the last version held and sends again whatever is unacknowledged. */
  async join(): Promise<void> {
    if (this.client) return;
    const client = await this.open();
    this.client = client;
    this.subscribed = false;
    client.socket.on(WIRE_EVENT, (message: ServerMessage) => this.receive(client, message));
    client.send({
      type: 'subscribe',
      protocolVersion: PROTOCOL_VERSION,
      stream: this.stream,
      fromVersion: this.version,
    });
    await this.until(() => this.subscribed || this.client !== client, `${this.who} to be subscribed`);
  }

  /** Drops the connection at once; acks in flight are lost with it. */
  leave(): void {
    const client = this.client;
    this.client = null;
    this.subscribed = false;
    client?.close();
  }

  /** Sends now, or on the next join when offline. */
  send(command: { type: string; data: unknown }): SentCommand {
    const n = (this.seq += 1);
    const sent: SentCommand = {
      who: this.who,
      commandId: `${this.who}-cmd-${n}`,
      batchId: `${this.who}-batch-${n}`,
      clientSeq: n,
      command,
    };
    this.unacked.set(sent.commandId, sent);
    if (this.subscribed) this.emit(sent);
    return sent;
  }

  /** Every command sent has its ack (only while online: an offline editor's commands wait). */
  settled(): Promise<void> {
    return this.until(() => this.unacked.size === 0, `acks of ${this.who}'s ${this.unacked.size} commands`);
  }

  /** Holds every event up to `version` (the server's, read from its store). */
  caughtUp(version: number): Promise<void> {
    return this.until(() => this.version >= version, `${this.who} to reach version ${version} (has ${this.version})`);
  }

  /** Events held beyond a gap: never delivered in order. */
  get stranded(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  private emit(sent: SentCommand): void {
    const { clientSeq, commandId, batchId, command } = sent;
    this.client!.send({ type: 'command', stream: this.stream, clientSeq, commandId, batchId, command });
  }

  private receive(client: TestClient, message: ServerMessage): void {
    if (client !== this.client) return;
    switch (message.type) {
      case 'subscribed':
        if (message.stream !== this.stream) break;
        this.merge(message.events);
        this.subscribed = true;
        for (const sent of this.unacked.values()) this.emit(sent);
        break;
      case 'events':
        if (message.stream === this.stream) this.merge(message.events);
        break;
      case 'ack': {
        const sent = this.unacked.get(message.commandId);
        if (!sent) this.problems.push(`${this.who}: an ack for no command waiting: ${JSON.stringify(message)}`);
        else {
          this.unacked.delete(message.commandId);
          this.acked.push({ sent, ack: message });
        }
        break;
      }
      case 'error':
      case 'revoked':
        this.problems.push(`${this.who}: ${JSON.stringify(message)}`);
        break;
      default:
        break;
    }
    for (const wake of [...this.waiters]) wake();
  }

  private merge(events: readonly Envelope[]): void {
    for (const event of events) {
      const known = this.entries[event.version - 1] ?? this.held.get(event.version);
      if (known && known.id !== event.id)
        this.problems.push(`${this.who}: version ${event.version} arrived as ${known.id} and as ${event.id}`);
      if (!known && event.version > this.entries.length) this.held.set(event.version, event);
    }
    for (let next = this.held.get(this.entries.length + 1); next; next = this.held.get(this.entries.length + 1)) {
      this.held.delete(next.version);
      this.entries.push(next);
    }
  }

  private async until(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + STUCK_MS;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`chaos: timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }
}
