/**
 * One editor's view of a dashboard's shared draft (stream `dashboard-draft:<id>`, DESIGN "Edit
 * sessions"): the server's events, folded with the domain's draftDecider, followed by this editor's own
 * batches still waiting for their ack (libs/events optimistic). A command is decided locally first, so
 * the change shows at once; the server's order wins when its events arrive, and a rejection drops the
 * batch again and shows the server's message. Undo and redo name the batch shown, so the server undoes
 * exactly what the user saw.
 */
import { BehaviorSubject, combineLatest, map, type Observable, type Subscription } from 'rxjs';
import {
  draftDecider,
  draftRedoCommand,
  draftStreamId,
  draftUndoCommand,
  hasUnsavedChanges,
  otherEditors,
  PRESENCE_EDITING,
  selectionsByComponent,
  undoLimitExceeded,
  undoLimitWarning,
  type DraftEvent,
  type DraftState,
  type LayoutCommand,
} from '@strata/domain';
import {
  acknowledge,
  addPending,
  confirmedVersion,
  createStore,
  DomainError,
  envelopeBatch,
  optimistic,
  optimisticEntries,
  PROTOCOL_VERSION,
  receiveConfirmed,
  type ClientMessage,
  type EventLike,
  type LogEntry,
  type Optimistic,
  type Peer,
  type ServerMessage,
  type Store,
} from '@strata/events';
import type { ClientContext } from '../../../shared/feature-store';
import type { DraftTransport } from './draft-transport';

/** A layout command as the UI makes it: the actor is the signed-in user's, added here. */
export type LayoutIntent = LayoutCommand extends infer C ? (C extends LayoutCommand ? Omit<C, 'actor'> : never) : never;

export type DraftConnection = 'connecting' | 'live' | 'offline' | 'failed';

export interface DraftView {
  connection: DraftConnection;
  /** Why the stream was refused or taken away (e.g. no edit rights, signed out), when `connection` is 'failed'. */
  error: string | null;
  draft: DraftState;
  /** Whether the catch-up has arrived: before it, the draft is the empty initial state. */
  ready: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** charts-dashboards-reports §3 maxUndoHistoryExceeded for this user. */
  undoLimitExceeded: boolean;
  unsaved: boolean;
  pending: number;
  /** The other people editing, and who has which component selected. */
  editors: Peer[];
  selections: Record<string, Peer[]>;
  selection: string[];
}

export interface DraftNotices {
  danger(text: string): void;
  warning(text: string): void;
}

export interface DraftSession {
  readonly stream: string;
  readonly store: Store<DraftState, DraftEvent>;
  readonly view$: Observable<DraftView>;
  getView(): DraftView;
  /** Decides the command on the draft shown and sends it; false (and a toast) when the domain refuses. */
  execute(intent: LayoutIntent): boolean;
  undo(): boolean;
  redo(): boolean;
  select(ids: string[]): void;
  close(): void;
}

export interface DraftSessionDeps {
  dashboardId: number;
  transport: DraftTransport;
  context: ClientContext;
  notices: DraftNotices;
}

interface Sent {
  message: Extract<ClientMessage, { type: 'command' }>;
}

export function createDraftSession({ dashboardId, transport, context, notices }: DraftSessionDeps): DraftSession {
  const stream = draftStreamId(dashboardId);
  const store = createStore<DraftState, DraftEvent>({ fold: draftDecider, stream });
  const opt$ = new BehaviorSubject<Optimistic>(optimistic());
  const connection$ = new BehaviorSubject<{ connection: DraftConnection; error: string | null; ready: boolean }>({
    connection: 'connecting',
    error: null,
    ready: false,
  });
  const peers$ = new BehaviorSubject<Peer[]>([]);
  const selection$ = new BehaviorSubject<string[]>([]);
  // Commands not yet acknowledged, by command id: resent (same id, so never applied twice) after a reconnect.
  const unacked = new Map<string, Sent>();
  let clientSeq = 0;
  let subscribed = false;

  const actor = () => context.actor();
  const update = (next: Optimistic) => {
    opt$.next(next);
    store.log$.next(optimisticEntries(next));
  };

  const sendPresence = () =>
    transport.send({ type: 'presence', stream, state: { mode: PRESENCE_EDITING, selection: selection$.value } });

  const onMessage = (message: ServerMessage) => {
    switch (message.type) {
      case 'subscribed':
        if (message.stream !== stream) return;
        subscribed = true;
        update(receiveConfirmed(opt$.value, message.events));
        connection$.next({ connection: 'live', error: null, ready: true });
        sendPresence();
        // What was sent while the socket was down (or whose ack was lost with it) goes again.
        for (const { message: command } of unacked.values()) transport.send(command);
        return;
      case 'events':
        if (message.stream === stream) update(receiveConfirmed(opt$.value, message.events));
        return;
      case 'ack': {
        if (!unacked.has(message.commandId)) return;
        unacked.delete(message.commandId);
        const { state, dropped } = acknowledge(opt$.value, message);
        if (dropped) {
          update(state);
          notices.danger(message.result === 'rejected' ? message.message : 'The change was not applied.');
        }
        return;
      }
      case 'presence':
        if (message.stream === stream) peers$.next(message.peers);
        return;
      case 'revoked':
        // The user lost the draft (owners or roles changed) or the whole connection (signed out): say so.
        if (message.stream !== undefined && message.stream !== stream) return;
        subscribed = false;
        connection$.next({ connection: 'failed', error: message.message, ready: connection$.value.ready });
        notices.danger(message.message);
        return;
      case 'error':
        if (message.stream === undefined || message.stream === stream) {
          connection$.next({ connection: 'failed', error: message.message, ready: connection$.value.ready });
        }
        return;
      default:
        return;
    }
  };

  const subscriptions: Subscription[] = [
    transport.messages$.subscribe(onMessage),
    transport.connected$.subscribe((connected) => {
      if (connected) {
        subscribed = false;
        // A reconnecting client asks only for what it missed.
        transport.send({
          type: 'subscribe',
          protocolVersion: PROTOCOL_VERSION,
          stream,
          fromVersion: confirmedVersion(opt$.value, stream),
        });
      } else if (connection$.value.connection !== 'failed') {
        connection$.next({ ...connection$.value, connection: connection$.value.ready ? 'offline' : 'connecting' });
      }
    }),
  ];

  /** Adds the batch to the pending tail and sends its command (now, or after the next subscribe). */
  const submit = (events: readonly EventLike[], command: { type: string; data: unknown }, undoable: boolean) => {
    const batchId = context.newId();
    const commandId = context.newId();
    const seq = (clientSeq += 1);
    const entries = envelopeBatch(
      events,
      { actor: actor(), at: context.now(), batchId, sessionId: context.sessionId, clientSeq: seq, commandId, undoable },
      { stream, version: confirmedVersion(opt$.value, stream) + 1 },
    ) as LogEntry[];
    update(addPending(opt$.value, { batchId, commandId, clientSeq: seq, events: entries }));
    const message: Sent['message'] = { type: 'command', stream, clientSeq: seq, commandId, batchId, command };
    unacked.set(commandId, { message });
    if (subscribed && transport.isConnected()) transport.send(message);
  };

  const history = (kind: 'Undo' | 'Redo'): boolean => {
    const entries = store.log.entries;
    const marker = kind === 'Undo' ? draftUndoCommand(entries, actor()) : draftRedoCommand(entries, actor());
    if (marker === null) {
      if (kind === 'Undo' && undoLimitExceeded(entries, actor())) notices.warning(undoLimitWarning());
      return false;
    }
    submit([marker], { type: kind, data: { batchId: marker.data.batchId } }, false);
    return true;
  };

  const view$ = combineLatest([store.liveState$, opt$, connection$, peers$, selection$]).pipe(
    map(([draft, opt, conn, peers, selection]): DraftView => {
      const entries = store.log.entries;
      const me = actor();
      return {
        ...conn,
        draft,
        canUndo: draftUndoCommand(entries, me) !== null,
        canRedo: draftRedoCommand(entries, me) !== null,
        undoLimitExceeded: undoLimitExceeded(entries, me),
        unsaved: hasUnsavedChanges(draft),
        pending: opt.pending.length,
        editors: otherEditors(peers, context.sessionId),
        selections: selectionsByComponent(peers, draft.layout, context.sessionId),
        selection,
      };
    }),
  );
  const current = new BehaviorSubject<DraftView | null>(null);
  subscriptions.push(view$.subscribe(current));

  return {
    stream,
    store,
    view$: current.pipe(map((v) => v!)),
    getView: () => current.value!,
    execute(intent) {
      const command = { ...intent, actor: actor() } as LayoutCommand;
      let events: DraftEvent[];
      try {
        events = draftDecider.decide(command, store.getState(), undefined);
      } catch (error) {
        // The domain's words (spec texts such as 'There is not enough space...'), before any round trip.
        notices.danger(error instanceof DomainError || error instanceof Error ? error.message : String(error));
        return false;
      }
      if (events.length === 0) return false;
      submit(events, { type: intent.type, data: intent.data }, true);
      return true;
    },
    undo: () => history('Undo'),
    redo: () => history('Redo'),
    select(ids) {
      selection$.next(ids);
      if (subscribed) sendPresence();
    },
    close() {
      if (subscribed) transport.send({ type: 'unsubscribe', stream });
      subscriptions.forEach((s) => s.unsubscribe());
      transport.close();
      store.dispose();
      [opt$, connection$, peers$, selection$, current].forEach((s) => s.complete());
    },
  };
}
