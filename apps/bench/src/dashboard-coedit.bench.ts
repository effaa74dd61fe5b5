/**
 * Co-editing latency: one editor's layout command on a dashboard's shared draft, from the moment it is
 * sent until each of 50 other connected editors has received the committed event (p50 and p99 over
 * every receipt), against a raw socket.io server in the same process that broadcasts each message to the
 * same number of clients in one room.
 *
 * Strata's side is the whole AppModule booted as main.ts boots it, on a scratch PostgreSQL: the command
 * is authorised, decided against the draft by the domain, appended with its expected version in a
 * transaction and pushed to the stream's room after commit. Every socket is a real socket.io-client
 * connection over loopback, authenticated with the admin's bearer token.
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { GRID_ID } from '@strata/domain';
import { PROTOCOL_VERSION, WIRE_EVENT, type ServerMessage } from '@strata/events';
import { adminHeaders, withBenchServer } from './bench-server';
import { compare, environment, print, round } from './measure';

export interface CoeditOptions {
  /** Connected editors besides the one who sends. */
  peers: number;
  commands: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function connected(url: string, auth: Record<string, string>): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves when every one of `sockets` has seen `key` (what `seen` reads off a message), with the times. */
class Receipts {
  private readonly waiting = new Map<string, { left: number; at: number[]; done: () => void }>();

  expect(key: string, count: number): Promise<number[]> {
    return new Promise((resolve) => {
      const entry = { left: count, at: [] as number[], done: () => resolve(entry.at) };
      this.waiting.set(key, entry);
    });
  }

  arrived(key: string | undefined): void {
    const entry = key === undefined ? undefined : this.waiting.get(key);
    if (!entry) return;
    entry.at.push(now());
    entry.left -= 1;
    if (entry.left === 0) {
      this.waiting.delete(key!);
      entry.done();
    }
  }
}

/** Sends `commands` one after the other and returns every receipt's latency in ms. */
async function run(
  commands: number,
  send: (i: number) => { key: string; sent: Promise<void> },
  receipts: Receipts,
  peers: number,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < commands; i += 1) {
    const start = now();
    const { key, sent } = send(i);
    const arrivals = receipts.expect(key, peers);
    await sent;
    for (const at of await arrivals) latencies.push(at - start);
  }
  return latencies;
}

async function strataSide(url: string, options: CoeditOptions): Promise<{ latencies: number[]; close(): void }> {
  const headers = await adminHeaders(url);
  const token = headers.authorization!.slice('Bearer '.length);
  const created = await fetch(`${url}/api/v1/dashboard/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ dashboard_title: `Co-edited by ${options.peers + 1}` }),
  });
  if (created.status !== 201) throw new Error(`creating the dashboard answered ${created.status}`);
  const stream = `dashboard-draft:${((await created.json()) as { id: number }).id}`;

  const receipts = new Receipts();
  const acks = new Map<number, () => void>();
  const sockets: Socket[] = [];
  for (let i = 0; i <= options.peers; i += 1) {
    const socket = await connected(url, { token, sessionId: `bench-editor-${i}` });
    sockets.push(socket);
    const subscribed = new Promise<void>((resolve, reject) =>
      socket.on(WIRE_EVENT, (message: ServerMessage) => {
        if (message.type === 'subscribed') resolve();
        else if (message.type === 'error') reject(new Error(message.message));
        else if (message.type === 'ack' && i === 0) acks.get(message.clientSeq)?.();
        else if (message.type === 'events' && i > 0) receipts.arrived(message.events[0]?.meta.batchId);
      }),
    );
    socket.emit(WIRE_EVENT, { type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream, fromVersion: 0 });
    await subscribed;
  }
  const [editor] = sockets;
  let seq = 0;
  const command = (type: string, data: unknown) => {
    seq += 1;
    const clientSeq = seq;
    const key = `batch-${clientSeq}`;
    const sent = new Promise<void>((resolve) => acks.set(clientSeq, resolve));
    editor!.emit(WIRE_EVENT, {
      type: 'command',
      stream,
      clientSeq,
      commandId: `cmd-${clientSeq}`,
      batchId: key,
      command: { type, data },
    });
    return { key, sent };
  };
  // A markdown in its own row, then resizes of it: each one valid under the layout rules (width 2 to 6).
  await run(
    1,
    () =>
      command('CreateComponent', {
        id: 'MARKDOWN-bench',
        componentType: 'MARKDOWN',
        destination: { parentId: GRID_ID, index: 0 },
        rowId: 'ROW-bench',
      }),
    receipts,
    options.peers,
  );
  const resize = (i: number) => command('ResizeComponent', { id: 'MARKDOWN-bench', width: 2 + (i % 5) });
  await run(10, resize, receipts, options.peers);
  const latencies = await run(options.commands, resize, receipts, options.peers);
  return { latencies, close: () => sockets.forEach((s) => s.disconnect()) };
}

async function rawSide(
  options: CoeditOptions,
  payloadBytes: number,
): Promise<{ latencies: number[]; close(): Promise<void> }> {
  const http = createServer();
  const server = new Server(http, { transports: ['websocket'] });
  server.on('connection', (socket) => {
    void socket.join('room');
    socket.on('msg', (message: { key: string }) => server.to('room').emit('msg', message));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const receipts = new Receipts();
  const sockets: Socket[] = [];
  for (let i = 0; i <= options.peers; i += 1) {
    const socket = await connected(url, {});
    if (i > 0) socket.on('msg', (message: { key: string }) => receipts.arrived(message.key));
    sockets.push(socket);
  }
  const filler = 'x'.repeat(payloadBytes);
  const send = (i: number) => {
    const key = `raw-${i}`;
    sockets[0]!.emit('msg', { key, filler });
    return { key, sent: Promise.resolve() };
  };
  await run(10, send, receipts, options.peers);
  const latencies = await run(options.commands, (i) => send(i + 10), receipts, options.peers);
  return {
    latencies,
    close: async () => {
      sockets.forEach((s) => s.disconnect());
      await server.close();
    },
  };
}

export async function benchCoedit(options: CoeditOptions): Promise<Record<string, unknown>> {
  return withBenchServer(async ({ url, meta }) => {
    const strata = await strataSide(url, options);
    strata.close();
    // The raw broadcast carries about what Strata's events message carries (one envelope of a resize).
    const raw = await rawSide(options, 400);
    await raw.close();
    const s = [...strata.latencies].sort((a, b) => a - b);
    const r = [...raw.latencies].sort((a, b) => a - b);
    const stats = (sorted: number[]) => ({
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1]!),
      receipts: sorted.length,
    });
    const description = `${options.commands} resizes by one editor, each received by ${options.peers} other connected editors`;
    const comparisons = [
      compare(
        'co-editing p50 vs raw socket.io broadcast p50',
        `${description} (p50 of all receipts) vs a raw socket.io room broadcast to as many clients`,
        ['Strata draft command', percentile(s, 50)],
        ['raw socket.io', percentile(r, 50)],
      ),
      compare(
        'co-editing p99 vs raw socket.io broadcast p99',
        `${description} (p99 of all receipts) vs a raw socket.io room broadcast to as many clients`,
        ['Strata draft command', percentile(s, 99)],
        ['raw socket.io', percentile(r, 99)],
      ),
    ];
    print(
      `Co-editing latency (${options.peers} other editors, ${options.commands} commands each side, PostgreSQL at ${meta.server})`,
      comparisons,
    );
    return {
      environment: environment(),
      database: meta.server,
      peers: options.peers,
      commands: options.commands,
      strata: stats(s),
      raw: stats(r),
      comparisons,
    };
  });
}
