import { filter, fromEvent, merge, type Observable } from 'rxjs';
import type { UserLogBody } from '@strata/domain';
import type { HttpClient } from '../api/http-client';
import type { UserLogTransport } from './user-log';

/** Posts through the HttpClient; beacons with text/plain, the one body type every browser beacons. */
export function browserUserLogTransport(http: HttpClient): UserLogTransport {
  return {
    // A 401 here (the session ended with events still queued) is not worth signing the user out for.
    post: (path: string, body: UserLogBody) => http.post(path, body, { expectUnauthorized: true }),
    beacon: (path: string, body: UserLogBody) =>
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(http.url(path), new Blob([JSON.stringify(body)], { type: 'text/plain;charset=UTF-8' })),
  };
}

/** The page is going away or to the background: the last moment a queued batch can still be sent. */
export function pageHide$(): Observable<unknown> {
  return merge(
    fromEvent(document, 'visibilitychange').pipe(filter(() => document.visibilityState === 'hidden')),
    fromEvent(window, 'pagehide'),
  );
}
