/**
 * A socket.io server speaking the libs/events wire protocol for draft streams, for the client's jsdom
 * specs: it decides with the domain's own draftDecider and per-user undo rules (as the real server's
 * dashboard-drafts module does), keeps the log in memory and broadcasts committed events and presence.
 * Sockets sign in with `auth.token` = the user id. `holdAcks` lets a spec see the optimistic state
 * before the server's answer; `dropSockets` simulates a network cut, `goOffline` a network that stays
 * down until `goOnline`; `forbid` takes a user's edit rights away.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import {
  checkDraftHistory,
  decideOwnDiscard,
  draftHistoryBatch,
  draftDecider,
  dashboardIdOfDraftStream,
  parseDraftCommand,
  type DraftState,
  type Layout,
} from '@strata/domain';
import {
  envelopeBatch,
  foldEntries,
  PROTOCOL_VERSION,
  WIRE_EVENT,
  type ClientMessage,
  type Envelope,
  type Peer,
  type ServerMessage,
} from '@strata/events';

/** Session commands: stamped with the server's time, never undo steps (as the server's DraftService). */
const SESSION_COMMANDS: ReadonlySet<string> = new Set(['SaveDraft', 'DiscardDraft', 'DiscardMyChanges']);

export interface DraftSocketServer {
  url: string;
  io: Server;
  log(dashboardId: number): Envelope[];
  draft(dashboardId: number): DraftState;
  /** While true, acks (and events) of commands wait until `releaseAcks()`. */
  holdAcks: boolean;
  releaseAcks(): void;
  /** How many commands wait for `releaseAcks()`. */
  heldAcks(): number;
  /**
   * A draft command from outside the socket (the REST save, discard, restore): decided on the log,
   * appended and pushed to every subscriber, as the real server's DraftService does.
   */
  command(
    dashboardId: number,
    actor: string,
    type: string,
    data: Record<string, unknown>,
  ): { ok: true; events: Envelope[] } | { ok: false; text: string; code: string };
  /** Cuts every connected socket (the clients reconnect on their own). */
  dropSockets(): void;
  /** Cuts every socket and refuses reconnections until `goOnline` (others act meanwhile through `command`). */
  goOffline(): void;
  goOnline(): void;
  /** The user may no longer edit: their subscribes are refused and their commands rejected as forbidden. */
  forbid(userId: string): void;
  close(): Promise<void>;
}

export async function startDraftSocketServer(options: {
  layouts: Record<number, Layout>;
  usernames?: Record<string, string>;
}): Promise<DraftSocketServer> {
  const http: HttpServer = createServer();
  const io = new Server(http, { path: '/socket.io', cors: { origin: true, credentials: true } });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const logs = new Map<string, Envelope[]>();
  const presence = new Map<string, { stream: string; peer: Peer }>();
  const held: (() => void)[] = [];
  let offline = false;
  const forbidden = new Set<string>();
  // Engine.io asks this for every new connection: while offline, reconnections fail like a dead network
  // (socket.io clients keep retrying, as they do after a refused handshake, not after a middleware error).
  io.engine.opts.allowRequest = (_request, answer) => answer(null, !offline);

  const logOf = (stream: string) => {
    let log = logs.get(stream);
    if (!log) {
      const id = dashboardIdOfDraftStream(stream)!;
      const started = draftDecider.decide(
        {
          type: 'StartDraft',
          actor: 'system',
          data: { dashboardId: id, version: 1, layout: options.layouts[id]!, at: new Date().toISOString() },
        },
        draftDecider.initialState(),
        undefined,
      );
      log = envelopeBatch(
        started,
        { actor: 'system', at: new Date().toISOString(), batchId: `start-${id}`, undoable: false },
        { stream, version: 1 },
      ) as Envelope[];
      logs.set(stream, log);
    }
    return log;
  };
  const send = (socket: Socket, message: ServerMessage) => socket.emit(WIRE_EVENT, message);
  const broadcastPresence = (stream: string) => {
    const peers = [...presence.values()].filter((p) => p.stream === stream).map((p) => p.peer);
    io.to(stream).emit(WIRE_EVENT, { type: 'presence', stream, peers } satisfies ServerMessage);
  };

  const decide = (
    stream: string,
    actor: string,
    message: Extract<ClientMessage, { type: 'command' }>,
  ): { ok: true; events: Envelope[] } | { ok: false; text: string; code: string } => {
    const log = logOf(stream);
    if (log.some((e) => e.meta.commandId === message.commandId)) return { ok: true, events: [] };
    const { type, data } = message.command;
    const meta = {
      actor,
      at: new Date().toISOString(),
      batchId: message.batchId,
      commandId: message.commandId,
      clientSeq: message.clientSeq,
    };
    if (type === 'Undo' || type === 'Redo') {
      const marker = {
        type: type === 'Undo' ? 'history/undone' : 'history/redone',
        data: data as { batchId: string },
      } as const;
      const rejection = checkDraftHistory(log, actor, marker);
      if (rejection) return { ok: false, text: `history: ${rejection}`, code: rejection };
      return {
        ok: true,
        events: envelopeBatch(
          // As the server: the undo of a "discard my changes" is the restore of all its edits.
          draftHistoryBatch(log, actor, marker, meta.at),
          { ...meta, undoable: false },
          { stream, version: log.length + 1 },
        ) as Envelope[],
      };
    }
    const parsed = parseDraftCommand(
      { type, data: SESSION_COMMANDS.has(type) ? { ...(data as object), at: meta.at } : data },
      actor,
    );
    if (!parsed.ok) return { ok: false, text: parsed.problems.join('; '), code: 'invalid_command' };
    try {
      const state = foldEntries(draftDecider, log);
      // As the server: "discard my changes" is decided on the log (it keeps what others built on).
      const events =
        parsed.command.type === 'DiscardMyChanges'
          ? decideOwnDiscard(log, state, actor, parsed.command.data.at)
          : draftDecider.decide(parsed.command, state, undefined);
      return {
        ok: true,
        events: envelopeBatch(
          events,
          { ...meta, undoable: !SESSION_COMMANDS.has(type) },
          { stream, version: log.length + 1 },
        ) as Envelope[],
      };
    } catch (error) {
      return { ok: false, text: (error as Error).message, code: (error as { code?: string }).code ?? 'invalid' };
    }
  };

  const append = (stream: string, events: Envelope[]) => {
    logOf(stream).push(...events);
    if (events.length > 0) io.to(stream).emit(WIRE_EVENT, { type: 'events', stream, events } satisfies ServerMessage);
  };
  let restCommands = 0;

  io.on('connection', (socket) => {
    const actor = String((socket.handshake.auth as { token?: string }).token ?? 'anonymous');
    const sessionId = String((socket.handshake.auth as { sessionId?: string }).sessionId ?? socket.id);
    socket.on(WIRE_EVENT, (message: ClientMessage) => {
      if (message.type === 'subscribe') {
        if (
          message.protocolVersion !== PROTOCOL_VERSION ||
          dashboardIdOfDraftStream(message.stream) === null ||
          forbidden.has(actor)
        ) {
          send(socket, {
            type: 'error',
            stream: message.stream,
            message: 'You may not edit this dashboard.',
            error_type: 'DASHBOARD_SECURITY_ACCESS_ERROR',
          });
          return;
        }
        void socket.join(message.stream);
        send(socket, {
          type: 'subscribed',
          stream: message.stream,
          events: logOf(message.stream).filter((e) => e.version > message.fromVersion),
          version: logOf(message.stream).length,
        });
      } else if (message.type === 'command') {
        const answer = () => {
          if (forbidden.has(actor)) {
            send(socket, {
              type: 'ack',
              clientSeq: message.clientSeq,
              commandId: message.commandId,
              result: 'rejected',
              reason: 'forbidden',
              message: `You may not change ${message.stream}.`,
            });
            return;
          }
          const result = decide(message.stream, actor, message);
          if (!result.ok) {
            send(socket, {
              type: 'ack',
              clientSeq: message.clientSeq,
              commandId: message.commandId,
              result: 'rejected',
              reason: 'invalid',
              message: result.text,
            });
            return;
          }
          append(message.stream, result.events);
          send(socket, {
            type: 'ack',
            clientSeq: message.clientSeq,
            commandId: message.commandId,
            result: 'committed',
            version: logOf(message.stream).length,
          });
        };
        if (server.holdAcks) held.push(answer);
        else answer();
      } else if (message.type === 'presence') {
        presence.set(socket.id, {
          stream: message.stream,
          peer: {
            userId: Number(actor),
            username: options.usernames?.[actor] ?? actor,
            sessionId,
            state: message.state,
          },
        });
        broadcastPresence(message.stream);
      }
    });
    socket.on('disconnect', () => {
      const gone = presence.get(socket.id);
      presence.delete(socket.id);
      if (gone) broadcastPresence(gone.stream);
    });
  });

  const server: DraftSocketServer = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    io,
    log: (id) => logOf(`dashboard-draft:${id}`),
    draft: (id) => foldEntries(draftDecider, logOf(`dashboard-draft:${id}`)),
    holdAcks: false,
    command(dashboardId, actor, type, data) {
      const stream = `dashboard-draft:${dashboardId}`;
      restCommands += 1;
      const id = `rest-${restCommands}`;
      if (type === 'RestoreVersion') {
        // The restored layout comes from the log, never from a caller (as on the real server).
        const version = data.version as number;
        const layout = logOf(stream).find(
          (e) =>
            ['dashboard/draftStarted', 'dashboard/draftSaved', 'dashboard/versionRestored'].includes(e.type) &&
            (e.data as { version: number }).version === version,
        );
        if (!layout)
          return {
            ok: false,
            text: `Version ${version} of this dashboard does not exist.`,
            code: 'draft_version_unknown',
          };
        try {
          const events = draftDecider.decide(
            {
              type: 'RestoreVersion',
              actor,
              data: {
                at: new Date().toISOString(),
                version,
                layout: (layout.data as { layout: Layout }).layout,
                ...(data.expectedVersion ? { expectedVersion: data.expectedVersion as number } : {}),
              },
            },
            foldEntries(draftDecider, logOf(stream)),
            undefined,
          );
          const envelopes = envelopeBatch(
            events,
            { actor, at: new Date().toISOString(), batchId: id, undoable: false },
            { stream, version: logOf(stream).length + 1 },
          ) as Envelope[];
          append(stream, envelopes);
          return { ok: true, events: envelopes };
        } catch (error) {
          return { ok: false, text: (error as Error).message, code: (error as { code?: string }).code ?? 'invalid' };
        }
      }
      const result = decide(stream, actor, {
        type: 'command',
        stream,
        clientSeq: 0,
        commandId: id,
        batchId: id,
        command: { type, data },
      });
      if (result.ok) append(stream, result.events);
      return result;
    },
    heldAcks: () => held.length,
    releaseAcks() {
      server.holdAcks = false;
      held.splice(0).forEach((answer) => answer());
    },
    dropSockets() {
      io.sockets.sockets.forEach((socket) => socket.conn.close());
    },
    goOffline() {
      offline = true;
      io.sockets.sockets.forEach((socket) => socket.conn.close());
    },
    goOnline() {
      offline = false;
    },
    forbid(userId) {
      forbidden.add(userId);
    },
    async close() {
      await io.close();
    },
  };
  return server;
}
