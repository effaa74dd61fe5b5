/**
 * View mode follows the saved dashboard (`dashboard:<id>`, readable by whoever may read the dashboard)
 * over the socket, so a viewer learns at once that someone published a new version (issue 12 "Save keeps
 * everyone working"): a layout saved or restored in edit mode, or a save of the properties. Only facts
 * after the version the page loaded count; the page's own user's saves are already on their page.
 */
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import { dashboardStream, type SavedDashboardEvent } from '@strata/domain';
import { PROTOCOL_VERSION, type Envelope, type ServerMessage } from '@strata/events';
import type { DraftTransport } from '../edit/draft-transport';

export interface NewVersion {
  /** The stream version of the newest fact: a page that loaded it (or later) has nothing to load. */
  version: number;
  /** Who saved it, when known. */
  by: string | null;
}

export interface NewVersionsDeps {
  dashboardId: number;
  /** The stream version the page loaded. */
  fromVersion: number;
  /** The signed-in user's actor id. */
  me: string;
  transport: DraftTransport;
  /** The saver's name for a fact (the version's `saved_by`, an owner's name), or null. */
  nameOf(event: Envelope): Promise<string | null>;
}

export interface NewVersions {
  readonly notice$: Observable<NewVersion | null>;
  close(): void;
}

/** Facts that change nothing a viewer sees on this page are not news. */
const NOT_NEWS: ReadonlySet<SavedDashboardEvent['type']> = new Set(['dashboard/dashboardDeleted']);

export function followNewVersions({ dashboardId, fromVersion, me, transport, nameOf }: NewVersionsDeps): NewVersions {
  const stream = dashboardStream(dashboardId);
  const notice$ = new BehaviorSubject<NewVersion | null>(null);
  let confirmed = fromVersion;
  let closed = false;

  const receive = (events: readonly Envelope[]) => {
    const fresh = events.filter((e) => e.version > confirmed);
    if (fresh.length === 0) return;
    confirmed = fresh.at(-1)!.version;
    const news = fresh.filter((e) => !NOT_NEWS.has(e.type as SavedDashboardEvent['type']) && e.meta.actor !== me);
    const newest = news.at(-1);
    if (!newest) return;
    const resolve = (by: string | null) => {
      if (!closed && (notice$.value?.version ?? 0) <= newest.version) notice$.next({ version: newest.version, by });
    };
    nameOf(newest).then(resolve, () => resolve(null));
  };

  const onMessage = (message: ServerMessage) => {
    if ((message.type === 'subscribed' || message.type === 'events') && message.stream === stream)
      receive(message.events);
  };

  const subscriptions: Subscription[] = [
    transport.messages$.subscribe(onMessage),
    transport.connected$.subscribe((connected) => {
      // After a reconnect, only what was missed since the last fact received.
      if (connected)
        transport.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream, fromVersion: confirmed });
    }),
  ];

  return {
    notice$: notice$.asObservable(),
    close() {
      closed = true;
      if (transport.isConnected()) transport.send({ type: 'unsubscribe', stream });
      subscriptions.forEach((s) => s.unsubscribe());
      transport.close();
      notice$.complete();
    },
  };
}
