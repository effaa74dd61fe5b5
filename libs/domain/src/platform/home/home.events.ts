import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';

/**
 * The home page (issue 15 item 6): what the user did lately (`GET /api/v1/log/recent_activity/`, read from
 * the log), their favourite and own dashboards, charts and saved queries. One load is one fact.
 */
export interface HomeRecentItem {
  action: 'viewed' | 'edited' | 'created';
  item_type: 'dashboard' | 'chart' | 'saved_query';
  item_id: number | string;
  item_title: string | null;
  item_url: string;
  /** ISO 8601. */
  time: string;
}

/** A dashboard, chart or saved query as the home page lists it. */
export interface HomeObject {
  id: number;
  title: string;
  url: string;
  /** ISO 8601, when known. */
  changed_on: string | null;
}

export interface HomeOverview {
  recents: HomeRecentItem[];
  dashboards: { favorite: HomeObject[]; mine: HomeObject[] };
  charts: { favorite: HomeObject[]; mine: HomeObject[] };
  /** `favorite`: the ones the user starred; `mine`: the user's own (issue 15 item 6). */
  savedQueries: { favorite: HomeObject[]; mine: HomeObject[] };
}

export const HOME_OVERVIEW_LOADED = 'home/overviewLoaded' as const;
export const HOME_OVERVIEW_FAILED = 'home/overviewFailed' as const;

export type HomeEvent =
  | EventLike<typeof HOME_OVERVIEW_LOADED, { overview: HomeOverview }>
  | EventLike<typeof HOME_OVERVIEW_FAILED, { message: string }>;

export interface HomeState {
  overview: HomeOverview | null;
  error: string | null;
}

export const homeFold = {
  initialState: (): HomeState => ({ overview: null, error: null }),
  evolve(state: HomeState, event: HomeEvent): HomeState {
    switch (event.type) {
      case HOME_OVERVIEW_LOADED:
        return { overview: event.data.overview, error: null };
      case HOME_OVERVIEW_FAILED:
        return { ...state, error: event.data.message };
      default:
        return unchanged(event, state);
    }
  },
};

/** A user with nothing of their own yet: no recent activity, no favourite, nothing made. Gets "Get started". */
export function isNewUser(overview: HomeOverview): boolean {
  const { recents, dashboards, charts, savedQueries } = overview;
  return (
    recents.length === 0 &&
    [dashboards, charts, savedQueries].every((lists) => lists.favorite.length + lists.mine.length === 0)
  );
}
