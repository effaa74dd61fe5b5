import { BehaviorSubject, Subject } from 'rxjs';
import type { ClientMessage, ServerMessage } from '@strata/events';
import type { DraftTransport } from '../../edit/draft-transport';

/** The socket under a page's follow, driven by a spec: what the server says, and what the page sent. */
export function scriptedTransport() {
  const messages$ = new Subject<ServerMessage>();
  const connected$ = new BehaviorSubject(false);
  const sent: ClientMessage[] = [];
  const transport: DraftTransport = {
    messages$,
    connected$,
    isConnected: () => connected$.value,
    send: (m) => void sent.push(m),
    close: () => connected$.next(false),
  };
  return { transport, messages$, connected$, sent };
}
