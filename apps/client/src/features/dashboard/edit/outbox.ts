/**
 * This editor's draft commands between their sending and their ack (issue 12 "Disconnects"): in memory
 * to resend after a reconnect (same command id, so the server applies each once), and in browser storage
 * (pending-store.ts) for the next page load, which takes up what this one `left`.
 */
import { BehaviorSubject } from 'rxjs';
import type { ClientMessage } from '@strata/events';
import type { PendingStore, StoredCommand } from './pending-store';

export type CommandMessage = Extract<ClientMessage, { type: 'command' }>;

interface Sent {
  message: CommandMessage;
  stored: StoredCommand;
}

export interface Outbox {
  /** The command ids waiting for an ack, the last page load's included. */
  readonly waiting$: BehaviorSubject<ReadonlySet<string>>;
  /** Keeps a new command (in storage first: a page closed right after still has it). */
  add(stored: StoredCommand): void;
  /** The command as sent on the wire, with this page's next sequence number; waiting until its ack. */
  send(stream: string, stored: StoredCommand): CommandMessage;
  /** Everything to send again after a (re)subscribe. */
  messages(): CommandMessage[];
  /** The ack came: the command leaves memory and storage. Undefined for a command this page never sent. */
  acked(commandId: string): StoredCommand | undefined;
  /** The last page load's commands not in `landed` (batch ids the catch-up holds), taken up once. */
  takeLeft(landed: ReadonlySet<string>): StoredCommand[];
  /** Every command still waiting, gone from memory and storage (the draft was taken away). */
  takeAll(): StoredCommand[];
}

export function createOutbox(storage: PendingStore, left: readonly StoredCommand[]): Outbox {
  const sent = new Map<string, Sent>();
  let leftover = [...left];
  let clientSeq = 0;
  const waiting$ = new BehaviorSubject<ReadonlySet<string>>(new Set());
  const changed = () => waiting$.next(new Set([...sent.keys(), ...leftover.map((c) => c.commandId)]));
  changed();
  return {
    waiting$,
    add: (stored) => storage.add(stored),
    send(stream, stored) {
      const { commandId, batchId, command } = stored;
      clientSeq += 1;
      const message: CommandMessage = { type: 'command', stream, clientSeq, commandId, batchId, command };
      sent.set(commandId, { message, stored });
      changed();
      return message;
    },
    messages: () => [...sent.values()].map((s) => s.message),
    acked(commandId) {
      const entry = sent.get(commandId);
      if (!entry) return undefined;
      sent.delete(commandId);
      storage.remove([commandId]);
      changed();
      return entry.stored;
    },
    takeLeft(landed) {
      const [done, rest] = [
        leftover.filter((c) => landed.has(c.batchId)),
        leftover.filter((c) => !landed.has(c.batchId)),
      ];
      storage.remove(done.map((c) => c.commandId));
      leftover = [];
      changed();
      return rest;
    },
    takeAll() {
      const all = [...[...sent.values()].map((s) => s.stored), ...leftover];
      sent.clear();
      leftover = [];
      storage.remove(all.map((c) => c.commandId));
      changed();
      return all;
    },
  };
}
