/**
 * The chaos e2e's third editor: a socket.io client in the test process, signed in with a bearer token.
 * It keeps its copy of the draft's log (merged by stream version, so a gap or a changed event shows) and
 * its commands until acked; offline commands wait and every unacked one goes again (same command id)
 * after a rejoin, as the browser's session does. The server spec's twin is apps/server
 * dashboard-drafts/chaos/testing/chaos-editor.ts (apps may not import each other).
 */
import { io, type Socket } from 'socket.io-client';
import { draftDecider, draftStreamId, type Layout } from '@strata/domain';
import type { AckedCommand } from '@strata/domain/testing';
import { foldEntries, PROTOCOL_VERSION, WIRE_EVENT, type Envelope, type ServerMessage } from '@strata/events';
import { until, Wakeups } from './until';

export class SocketEditor {
  readonly acked: AckedCommand[] = [];
  readonly problems: string[] = [];
  private readonly entries: Envelope[] = [];
  private readonly held = new Map<number, Envelope>();
  private readonly unacked = new Map<string, AckedCommand['sent'] & { clientSeq: number; commandId: string }>();
  private readonly wake = new Wakeups();
  private socket: Socket | null = null;
  private subscribed = false;
  private seq = 0;

  constructor(
    readonly who: string,
    private readonly baseUrl: string,
    private readonly token: string,
    dashboardId: number,
  ) {
    this.stream = draftStreamId(dashboardId);
  }

  readonly stream: string;

  get online(): boolean {
    return this.socket !== null;
  }

  get version(): number {
    return this.entries.length;
  }

  get log(): readonly Envelope[] {
    return this.entries;
  }

  get layout(): Layout {
    return foldEntries(draftDecider, this.entries).layout;
  }

  get sent(): number {
    return this.seq;
  }

  async join(): Promise<void> {
    if (this.socket) return;
    const socket = io(this.baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: this.token, sessionId: `${this.who}-chaos` },
    });
    this.socket = socket;
    this.subscribed = false;
    socket.on(WIRE_EVENT, (message: ServerMessage) => this.receive(socket, message));
    socket.on('connect', () =>
      socket.emit(WIRE_EVENT, {
        type: 'subscribe',
        protocolVersion: PROTOCOL_VERSION,
        stream: this.stream,
        fromVersion: this.version,
      }),
    );
    await until(this.wake, () => this.subscribed || this.socket !== socket, `${this.who} to be subscribed`);
  }

  leave(): void {
    const socket = this.socket;
    this.socket = null;
    this.subscribed = false;
    socket?.disconnect();
  }

  send(command: { type: string; data: unknown }): void {
    const n = (this.seq += 1);
    const sent = {
      who: this.who,
      commandId: `${this.who}-cmd-${n}`,
      batchId: `${this.who}-batch-${n}`,
      clientSeq: n,
      command,
    };
    this.unacked.set(sent.commandId, sent);
    if (this.subscribed) this.emit(sent);
  }

  settled(): Promise<void> {
    return until(this.wake, () => this.unacked.size === 0, `acks of ${this.who}'s ${this.unacked.size} commands`);
  }

  caughtUp(version: number): Promise<void> {
    return until(this.wake, () => this.version >= version, `${this.who} to reach version ${version}`);
  }

  get stranded(): number[] {
    return [...this.held.keys()];
  }

  private emit({
    clientSeq,
    commandId,
    batchId,
    command,
  }: {
    clientSeq: number;
    commandId: string;
    batchId: string;
    command: unknown;
  }) {
    this.socket!.emit(WIRE_EVENT, { type: 'command', stream: this.stream, clientSeq, commandId, batchId, command });
  }

  private receive(socket: Socket, message: ServerMessage): void {
    if (socket !== this.socket) return;
    if (message.type === 'subscribed' && message.stream === this.stream) {
      this.merge(message.events);
      this.subscribed = true;
      for (const sent of this.unacked.values()) this.emit(sent);
    } else if (message.type === 'events' && message.stream === this.stream) {
      this.merge(message.events);
    } else if (message.type === 'ack') {
      const sent = this.unacked.get(message.commandId);
      if (!sent) this.problems.push(`${this.who}: an ack for no command waiting: ${JSON.stringify(message)}`);
      else {
        this.unacked.delete(message.commandId);
        this.acked.push({ sent, ack: message });
      }
    } else if (message.type === 'error' || message.type === 'revoked') {
      this.problems.push(`${this.who}: ${JSON.stringify(message)}`);
    }
    this.wake.all();
  }

  private merge(events: readonly Envelope[]): void {
    for (const event of events) {
      const known = this.entries[event.version - 1] ?? this.held.get(event.version);
      if (known && known.id !== event.id) this.problems.push(`${this.who}: version ${event.version} changed`);
      if (!known && event.version > this.entries.length) this.held.set(event.version, event);
    }
    for (let next = this.held.get(this.version + 1); next; next = this.held.get(this.version + 1)) {
      this.held.delete(next.version);
      this.entries.push(next);
    }
  }
}
