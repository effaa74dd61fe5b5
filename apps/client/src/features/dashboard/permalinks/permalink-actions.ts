/**
 * Dashboard permalinks (charts-dashboards-reports §7 POST /api/v1/dashboard/{id}/permalink, §2 the
 * /dashboard/p/{key}/ address): sharing the page as it is shown (URL parameters, applied filters, active
 * tabs, anchor), and opening a page from one. The request and the link answered are the page's facts.
 */
import { absoluteUrl } from '../../../shared/absolute-url';
import { toClientError } from '../../api/api-error';
import type { DashboardCore } from '../dashboard-core';
import type { OpenActions } from '../load/open-actions';
import { permalinkState, readDashboardUrl } from '../url/dashboard-url';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface PermalinkActions {
  /**
   * Stores the page as a permalink and copies its address to the clipboard. `search` and `hash` are the
   * page's address now. Rejects when no link was made or copied (the page says so).
   */
  sharePermalink(search: string, hash: string): Promise<void>;
  /** Opens the dashboard a permalink names, as it was shared. Rejects when the permalink can not be read. */
  openPermalink(key: string): Promise<void>;
}

export function permalinkActions(core: DashboardCore, { open }: OpenActions): PermalinkActions {
  const { store, api, toasts, context } = core;
  return {
    async sharePermalink(search, hash) {
      const state = store.getState();
      if (!state.dashboard || state.permalink?.status === 'creating') return;
      const requestId = context.newId();
      const shared = permalinkState(search, state.dataMask, state.activeTabs, hash.replace(/^#/, ''));
      const dashboardId = state.dashboard.id;
      store.record([{ type: 'dashboardPage/permalinkRequested', data: { requestId, dashboardId, state: shared } }]);
      let url: string;
      try {
        const answer = await api.createPermalink(dashboardId, shared);
        url = absoluteUrl(answer.url);
        store.record(
          [{ type: 'dashboardPage/permalinkCreated', data: { requestId, key: answer.key ?? null, url } }],
          MAY_LAND_IN_PAST,
        );
      } catch (error) {
        store.record(
          [{ type: 'dashboardPage/permalinkFailed', data: { requestId, message: toClientError(error).message } }],
          MAY_LAND_IN_PAST,
        );
        throw error;
      }
      await navigator.clipboard?.writeText(url);
      toasts.success('Copied to clipboard!');
    },
    async openPermalink(key) {
      const { dashboardId, state: link } = await api.getPermalink(key);
      const linked = readDashboardUrl(
        `?${new URLSearchParams(link.urlParams ?? []).toString()}`,
        link.anchor ? `#${link.anchor}` : '',
      );
      // The page's own load records its failures (loadFailed): only an unreadable permalink rejects.
      return open(String(dashboardId), linked, link);
    },
  };
}
