/**
 * One editor's view of a dashboard's shared draft (stream `dashboard-draft:<id>`, DESIGN "Edit
 * sessions"): the server's events, folded with the domain's draftDecider, followed by this editor's own
 * batches still waiting for their ack (libs/events optimistic). A command is decided locally first, so
 * the change shows at once; the server's order wins when its events arrive, and a rejection drops the
 * batch again and shows the server's message. Undo and redo name the batch shown, so the server undoes
 * exactly what the user saw. Unacknowledged commands are also kept in browser storage (pending-store.ts):
 * offline the user keeps editing and sees what waits; a reload applies them again and resends them; a
 * refusal stays listed with its reason (rejected-edits.ts) until the user dismisses or re-applies it.
 */
import { BehaviorSubject, combineLatest, map, Subject, type Observable, type Subscription } from 'rxjs';
import {
  draftDecider,
  draftRedoCommand,
  draftStreamId,
  draftUndoCommand,
  historyRefusal,
  ErrorType,
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
  type EventLike,
  type LogEntry,
  type Optimistic,
  type Peer,
  type ServerMessage,
  type Store,
} from '@strata/events';
import type { ClientContext } from '../../../shared/feature-store';
import type { DraftTransport } from './draft-transport';
import { createOutbox } from './outbox';
import { browserStorage, pendingStore, previewOf, type StoredCommand } from './pending-store';
import { createRejectedList, reapplyIntent, rejectedText, type RejectedEdit } from './rejected-edits';

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
  /** Why Undo (Redo) is off although the user has a step: another editor built on it (issue 12), named. */
  undoBlocked: string | null;
  redoBlocked: string | null;
  /** charts-dashboards-reports §3 maxUndoHistoryExceeded for this user. */
  undoLimitExceeded: boolean;
  unsaved: boolean;
  /** This user's commands not yet acknowledged by the server (waiting while offline, or on their way). */
  pending: number;
  /** This user's edits the server refused, with its reason, until dismissed. */
  rejected: RejectedEdit[];
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
  /**
   * Commands refused because the page shows the past (the store's time-travel cursor is set): nothing
   * is decided, stored or sent (issue 13, "no command can reach the live state from there").
   */
  readonly refused$: Observable<readonly string[]>;
  readonly view$: Observable<DraftView>;
  getView(): DraftView;
  /** Decides the command on the draft shown and sends it; false (and a toast) when the domain refuses. */
  execute(intent: LayoutIntent): boolean;
  undo(): boolean;
  redo(): boolean;
  /** Writes a refused text edit again over the component's current text; false when it cannot. */
  reapply(commandId: string): boolean;
  dismissRejected(commandId: string): void;
  select(ids: string[]): void;
  close(): void;
}

export interface DraftSessionDeps {
  dashboardId: number;
  transport: DraftTransport;
  context: ClientContext;
  notices: DraftNotices;
  /** Where unacknowledged commands survive a reload; the page's localStorage by default, null for none. */
  storage?: Storage | null;
}

export function createDraftSession(deps: DraftSessionDeps): DraftSession {
  const { dashboardId, transport, context, notices } = deps;
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
  const refused$ = new Subject<readonly string[]>();
  /** The page shows the past: a command of the user must not reach the live draft from there. */
  const inThePast = (command: string): boolean => {
    if (store.cursor$.value === null) return false;
    refused$.next([command]);
    return true;
  };
  const saved = pendingStore(
    deps.storage === undefined ? browserStorage() : deps.storage,
    dashboardId,
    context.actor(),
  );
  const { pending: leftByLastPage, rejected } = saved.load();
  // Commands not yet acknowledged, the last page load's included (applied again after the catch-up).
  const outbox = createOutbox(saved, leftByLastPage);
  const refusals = createRejectedList(rejected, saved.saveRejected, context.now);
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
        resume();
        connection$.next({ connection: 'live', error: null, ready: true });
        sendPresence();
        // What was sent while the socket was down (or whose ack was lost with it) goes again.
        for (const command of outbox.messages()) transport.send(command);
        return;
      case 'events':
        if (message.stream === stream) update(receiveConfirmed(opt$.value, message.events));
        return;
      case 'ack': {
        const sent = outbox.acked(message.commandId);
        if (!sent || message.result === 'committed') return;
        const { state, dropped } = acknowledge(opt$.value, message);
        if (dropped) update(state);
        refusals.add([sent], message.message);
        notices.danger(message.message);
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
        rejectAllPending(message.message);
        notices.danger(message.message);
        return;
      case 'error':
        if (message.stream === undefined || message.stream === stream) {
          connection$.next({ connection: 'failed', error: message.message, ready: connection$.value.ready });
          // Refused for want of rights: nothing waiting can land. Any other failure keeps it for the next load.
          if (message.error_type === ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR) rejectAllPending(message.message);
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

  /** The draft was taken away: nothing waiting can land any more, so all of it is shown as refused. */
  const rejectAllPending = (reason: string) => {
    const lost = outbox.takeAll();
    update({ ...opt$.value, pending: [] });
    refusals.add(lost, reason);
  };

  /** Shows the command's local events as a pending batch and keeps it for sending until it is acknowledged. */
  const track = (stored: StoredCommand, events: readonly EventLike[], undoable: boolean) => {
    const message = outbox.send(stream, stored);
    const { batchId, commandId, clientSeq } = message;
    if (events.length > 0) {
      const meta = { actor: actor(), at: stored.at, batchId, sessionId: context.sessionId, clientSeq, commandId };
      const entries = envelopeBatch(
        events,
        { ...meta, undoable },
        { stream, version: confirmedVersion(opt$.value, stream) + 1 },
      ) as LogEntry[];
      update(addPending(opt$.value, { batchId, commandId, clientSeq, events: entries }));
    }
    return message;
  };

  /** Adds the batch to the pending tail, stores it and sends its command (now, or after the next subscribe). */
  const submit = (events: readonly EventLike[], command: { type: string; data: unknown }, undoable: boolean) => {
    const stored: StoredCommand = {
      batchId: context.newId(),
      commandId: context.newId(),
      command,
      baseVersion: confirmedVersion(opt$.value, stream),
      at: context.now(),
    };
    outbox.add(stored);
    const message = track(stored, events, undoable);
    if (subscribed && transport.isConnected()) transport.send(message);
  };

  /**
   * After the first catch-up: what the last page load left unacknowledged is applied again on the draft
   * as it is now and sent again (by the caller) with its own command id. What the catch-up already holds
   * (committed, its ack lost with the page) is done. A command the draft no longer allows locally is still
   * sent, without a preview, so the server's refusal (its reason) reaches the list of rejected edits.
   */
  const resume = () => {
    const landed = new Set(opt$.value.confirmed.map((e) => e.meta.batchId));
    for (const stored of outbox.takeLeft(landed)) {
      const undoable = stored.command.type !== 'Undo' && stored.command.type !== 'Redo';
      track(stored, previewOf(stored.command, store.getState(), actor()), undoable);
    }
  };

  /** A user id of the log as the presence list names them (the domain knows ids only). */
  const nameOf = (id: string) => peers$.value.find((p) => String(p.userId) === id)?.username ?? 'Another editor';
  const blockedText = (entries: typeof store.log.entries, kind: 'Undo' | 'Redo') =>
    historyRefusal(entries, actor(), kind, nameOf)?.text ?? null;

  const history = (kind: 'Undo' | 'Redo'): boolean => {
    if (inThePast(kind)) return false;
    const entries = store.log.entries;
    const marker = kind === 'Undo' ? draftUndoCommand(entries, actor()) : draftRedoCommand(entries, actor());
    if (marker === null) {
      if (kind === 'Undo' && undoLimitExceeded(entries, actor())) notices.warning(undoLimitWarning());
      // Another editor built on the step (issue 12): refused, saying who, never their work taken unseen.
      const blocked = blockedText(entries, kind);
      if (blocked) notices.warning(blocked);
      return false;
    }
    submit([marker], { type: kind, data: { batchId: marker.data.batchId } }, false);
    return true;
  };

  const view$ = combineLatest([
    // The draft drawn: live, or as it was at the time-travel cursor (commands are refused meanwhile).
    store.state$,
    opt$,
    connection$,
    peers$,
    selection$,
    outbox.waiting$,
    refusals.list$,
  ]).pipe(
    map(([draft, opt, conn, peers, selection, waiting, refused]): DraftView => {
      const entries = store.log.entries;
      const me = actor();
      const canUndo = draftUndoCommand(entries, me) !== null;
      const canRedo = draftRedoCommand(entries, me) !== null;
      return {
        ...conn,
        draft,
        canUndo,
        canRedo,
        undoBlocked: canUndo ? null : blockedText(entries, 'Undo'),
        redoBlocked: canRedo ? null : blockedText(entries, 'Redo'),
        undoLimitExceeded: undoLimitExceeded(entries, me),
        unsaved: hasUnsavedChanges(draft),
        // A resumed command the draft no longer allows locally has no batch, yet it waits for its answer.
        pending: new Set([...opt.pending.map((b) => b.commandId), ...waiting]).size,
        rejected: refused,
        editors: otherEditors(peers, context.sessionId),
        selections: selectionsByComponent(peers, draft.layout, context.sessionId),
        selection,
      };
    }),
  );
  const execute = (intent: LayoutIntent): boolean => {
    if (inThePast(intent.type)) return false;
    const command = { ...intent, actor: actor() } as LayoutCommand;
    let events: DraftEvent[];
    try {
      events = draftDecider.decide(command, store.getState(), undefined);
    } catch (error) {
      // The domain's words (spec texts such as 'There is not enough space...'), before any round trip.
      const reason = error instanceof DomainError || error instanceof Error ? error.message : String(error);
      notices.danger(reason);
      // A text that someone else's change beat here is kept for its author, as the server's refusal would be.
      const refused = { commandId: context.newId(), command: { type: intent.type, data: intent.data } };
      if (rejectedText(refused)) refusals.add([refused], reason);
      return false;
    }
    if (events.length === 0) return false;
    submit(events, { type: intent.type, data: intent.data }, true);
    return true;
  };

  const current = new BehaviorSubject<DraftView | null>(null);
  subscriptions.push(view$.subscribe(current));

  return {
    stream,
    store,
    refused$: refused$.asObservable(),
    view$: current.pipe(map((v) => v!)),
    getView: () => current.value!,
    execute,
    undo: () => history('Undo'),
    redo: () => history('Redo'),
    reapply(commandId) {
      const edit = refusals.list$.value.find((e) => e.commandId === commandId);
      const intent = edit ? reapplyIntent(edit, store.getState().layout) : null;
      if (!intent || !execute(intent)) return false;
      refusals.dismiss(commandId);
      return true;
    },
    dismissRejected: (commandId) => refusals.dismiss(commandId),
    select(ids) {
      selection$.next(ids);
      if (subscribed) sendPresence();
    },
    close() {
      if (subscribed) transport.send({ type: 'unsubscribe', stream });
      subscriptions.forEach((s) => s.unsubscribe());
      transport.close();
      store.dispose();
      [opt$, connection$, peers$, selection$, outbox.waiting$, refusals.list$, current, refused$].forEach((s) =>
        s.complete(),
      );
    },
  };
}
