/**
 * Sharing the page as a permalink (charts-dashboards-reports §7 POST /api/v1/dashboard/{id}/permalink):
 * the state the link stores, the link the server answered, or why there is none. The server's own record
 * of the permalink is `dashboard/...` on its stream (`../permalinks`); these are the page's facts.
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';

/** The state a dashboard permalink stores (§7: urlParams, dataMask, activeTabs, anchor). */
export interface SharedPageState {
  urlParams?: [string, string][];
  dataMask?: Record<string, unknown>;
  activeTabs?: string[];
  anchor?: string;
}

export type PermalinkShareEvent =
  | EventLike<'dashboardPage/permalinkRequested', { requestId: string; dashboardId: number; state: SharedPageState }>
  | EventLike<'dashboardPage/permalinkCreated', { requestId: string; key: string | null; url: string }>
  | EventLike<'dashboardPage/permalinkFailed', { requestId: string; message: string }>;

export const isPermalinkShareEvent = (event: { type: string }): event is PermalinkShareEvent =>
  event.type === 'dashboardPage/permalinkRequested' ||
  event.type === 'dashboardPage/permalinkCreated' ||
  event.type === 'dashboardPage/permalinkFailed';

/** The last permalink asked for on this page (null: none yet). */
export type PermalinkShareState = {
  requestId: string;
  status: 'creating' | 'created' | 'failed';
  /** The address the server answered, once created. */
  url: string | null;
  error: string | null;
} | null;

export function evolvePermalinkShare(state: PermalinkShareState, event: PermalinkShareEvent): PermalinkShareState {
  switch (event.type) {
    case 'dashboardPage/permalinkRequested':
      return { requestId: event.data.requestId, status: 'creating', url: null, error: null };
    case 'dashboardPage/permalinkCreated':
      // The answer to an earlier request (the user shared again meanwhile) is not the link shown.
      if (state?.requestId !== event.data.requestId) return state;
      return { ...state, status: 'created', url: event.data.url };
    case 'dashboardPage/permalinkFailed':
      if (state?.requestId !== event.data.requestId) return state;
      return { ...state, status: 'failed', error: event.data.message };
    default:
      return leaveUnchanged(event, state);
  }
}
