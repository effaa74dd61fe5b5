import { useEffect } from 'react';
import { filter, fromEvent, merge, type Observable } from 'rxjs';
import type { SqlLabFeature } from '../sqllab.feature';

/** The browser page is going away or to the background: a reload, a closed tab, another site, a hidden tab. */
export function browserPageLeft$(): Observable<unknown> {
  return merge(
    fromEvent(document, 'visibilitychange').pipe(filter(() => document.visibilityState === 'hidden')),
    fromEvent(window, 'beforeunload'),
    fromEvent(window, 'pagehide'),
  );
}

/**
 * While SQL Lab is shown, leaving it sends what still waits for a quiet time (typed SQL, the autosave,
 * the tab sync): for another page of the app (the page unmounts) or when the browser page goes away.
 * WHY not in the feature: the feature lives as long as the app, and only the shown page can be left.
 */
export function useSendOnLeave(sqllab: Pick<SqlLabFeature, 'leave'>): void {
  useEffect(() => {
    const left = browserPageLeft$().subscribe(() => sqllab.leave());
    return () => {
      left.unsubscribe();
      sqllab.leave();
    };
  }, [sqllab]);
}
