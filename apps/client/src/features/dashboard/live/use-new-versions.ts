import { useEffect, useRef, useState } from 'react';
import type { DashboardPageState, SavedDashboardEvent } from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { ClientContext } from '../../../shared/feature-store';
import type { HttpClient } from '../../api/http-client';
import { draftApi } from '../edit/draft-api';
import { socketDraftTransport, type DraftTransport } from '../edit/draft-transport';
import { followNewVersions, type NewVersion } from './new-versions';

export interface NewVersionsOptions {
  state: DashboardPageState;
  /** False in edit mode or on a permalink: nothing is followed. */
  active: boolean;
  /** The app's HTTP client, ids and socket; without them (a view-only page in specs) nothing is followed. */
  editing?: { http: HttpClient; context: ClientContext; openTransport?: () => DraftTransport };
  /** Loads the newest version in place, keeping the filters and tabs. */
  reload(): Promise<void>;
}

/**
 * A simple rule for "the viewer has nothing open": no dialog, no menu, no chart in fullscreen. Then a new
 * version loads by itself; otherwise the viewer is told and loads it when they choose.
 */
function nothingOpen(state: DashboardPageState): boolean {
  if (state.fullSizeChartId !== null) return false;
  return !document.querySelector(
    '[role="dialog"], [role="alertdialog"], dialog[open], [aria-modal="true"], [role="menu"]',
  );
}

/** The name of whoever saved: the version's `saved_by` for a layout, else an owner's name. */
function saverName(http: HttpClient, state: DashboardPageState, dashboardId: number) {
  return async (event: Envelope): Promise<string | null> => {
    const fact = event as unknown as SavedDashboardEvent;
    if (fact.type === 'dashboard/layoutPublished') {
      const { info } = await draftApi(http).version(dashboardId, fact.data.draftVersion);
      return info.saved_by.username;
    }
    const owner = state.dashboard?.owners.find((o) => String(o.id) === event.meta.actor);
    const name = owner ? `${owner.first_name ?? ''} ${owner.last_name ?? ''}`.trim() || owner.username : undefined;
    return name ?? null;
  };
}

/** View mode's notice of a newer version (issue 12): null, or who saved it and `load` to show it in place. */
export function useNewVersions(options: NewVersionsOptions): { notice: NewVersion | null; load(): void } {
  const { state, active, editing } = options;
  const latest = useRef(options);
  latest.current = options;
  const [notice, setNotice] = useState<NewVersion | null>(null);
  // The dashboard followed and the version it was loaded at: set once a loaded page is in view mode, and
  // kept through a reload (the page's state is empty while it loads), so the socket is not opened again.
  const [followed, setFollowed] = useState<{ id: number; version: number } | null>(null);
  const loadedId = state.dashboard?.id ?? null;
  useEffect(() => {
    if (!active) setFollowed(null);
    else if (loadedId !== null && followed?.id !== loadedId)
      setFollowed({ id: loadedId, version: latest.current.state.dashboard?.version ?? 0 });
  }, [active, loadedId, followed]);

  const load = () => {
    setNotice(null);
    void latest.current.reload();
  };

  useEffect(() => {
    if (!followed || !editing) return;
    const id = followed.id;
    const { http, context, openTransport } = editing;
    const transport = openTransport
      ? openTransport()
      : socketDraftTransport({ url: http.url('') || undefined, sessionId: context.sessionId });
    const follow = followNewVersions({
      dashboardId: id,
      fromVersion: followed.version,
      me: context.actor(),
      transport,
      nameOf: (event) => saverName(http, latest.current.state, id)(event),
    });
    const subscription = follow.notice$.subscribe((next) => {
      const loaded = latest.current.state.dashboard?.version ?? 0;
      if (!next || next.version <= loaded) return;
      if (latest.current.state.status === 'ready' && nothingOpen(latest.current.state)) {
        setNotice(null);
        void latest.current.reload();
      } else setNotice(next);
    });
    return () => {
      subscription.unsubscribe();
      follow.close();
    };
    // One subscription per dashboard while in view mode; the page's services never change.
  }, [followed, editing === undefined]);

  // A version loaded meanwhile (the viewer reloaded, or opened edit mode and came back) is no news.
  const loaded = state.dashboard?.version ?? 0;
  return { notice: notice && notice.version > loaded ? notice : null, load };
}
