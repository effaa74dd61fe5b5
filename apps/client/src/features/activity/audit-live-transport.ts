import { Observable } from 'rxjs';
import type { AuditRowView } from '@strata/domain';
import { PROTOCOL_VERSION, type ServerMessage } from '@strata/events';
import { socketDraftTransport, type DraftTransport } from '../dashboard/edit/draft-transport';

/** The server's audit streams (apps/server/src/audit/audit-tail.ts): nothing stored, rows pushed as they commit. */
export const AUDIT_ALL_STREAM = 'audit:all';
export const auditStreamOf = (userId: number) => `audit:${userId}`;
/** Each pushed envelope carries one audit row, as `GET /api/v1/audit/` answers it. */
const AUDIT_ROW = 'audit/row';

/** What the live tail hears: rows (newest first), or why the stream ended. */
export type AuditLiveMessage =
  { type: 'rows'; rows: AuditRowView[] } | { type: 'refused'; message: string } | { type: 'joined' };

/** A socket speaking the libs/events protocol (the edit session's transport, or a test's). */
export type WireTransport = Pick<DraftTransport, 'messages$' | 'connected$' | 'send' | 'close'>;

/**
 * Follows one audit stream with the protocol's ordinary `subscribe` (rights checked by the server on
 * every subscribe, and again when the user's roles change), subscribing again after each reconnection.
 */
export function followAudit(open: () => WireTransport, stream: string): Observable<AuditLiveMessage> {
  return new Observable<AuditLiveMessage>((subscriber) => {
    const transport = open();
    const joins = transport.connected$.subscribe((up) => {
      if (up) transport.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream, fromVersion: 0 });
    });
    const messages = transport.messages$.subscribe((message: ServerMessage) => {
      if ('stream' in message && message.stream !== stream) return;
      switch (message.type) {
        case 'subscribed':
          return subscriber.next({ type: 'joined' });
        case 'events': {
          const rows = message.events.filter((e) => e.type === AUDIT_ROW).map((e) => e.data as AuditRowView);
          if (rows.length > 0) subscriber.next({ type: 'rows', rows });
          return;
        }
        case 'error':
        case 'revoked':
          return subscriber.next({ type: 'refused', message: message.message });
        default:
          return;
      }
    });
    return () => {
      joins.unsubscribe();
      messages.unsubscribe();
      transport.close();
    };
  });
}

/** The page's own socket (the session cookie signs in). */
export const socketWire = (sessionId: string) => (): WireTransport => socketDraftTransport({ sessionId });

/** The stream the live tail follows: an admin's everyone (or the user they filter on), anyone else their own. */
export function liveStreamOf(admin: boolean, self: number, actor: number | undefined): string {
  if (!admin) return auditStreamOf(self);
  return actor === undefined ? AUDIT_ALL_STREAM : auditStreamOf(actor);
}
