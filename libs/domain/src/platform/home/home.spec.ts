import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import {
  HOME_OVERVIEW_FAILED,
  HOME_OVERVIEW_LOADED,
  homeFold,
  isNewUser,
  type HomeEvent,
  type HomeOverview,
} from './home.events';
import { homeSummaries } from './home.summaries';

const empty: HomeOverview = {
  recents: [],
  dashboards: { favorite: [], mine: [] },
  charts: { favorite: [], mine: [] },
  savedQueries: [],
};
const board = { id: 7, title: 'Sales', url: '/superset/dashboard/7/', changed_on: null };

describe('home', () => {
  it('keeps the last overview loaded; a failure keeps it and says why', () => {
    const loaded = homeFold.evolve(homeFold.initialState(), {
      type: HOME_OVERVIEW_LOADED,
      data: { overview: { ...empty, dashboards: { favorite: [board], mine: [] } } },
    });
    expect(loaded).toEqual({ overview: { ...empty, dashboards: { favorite: [board], mine: [] } }, error: null });
    const failed = homeFold.evolve(loaded, { type: HOME_OVERVIEW_FAILED, data: { message: 'Network error' } });
    expect(failed).toEqual({ ...loaded, error: 'Network error' });
  });

  it('a user with no activity, favourite or object of their own is new; a favourite makes them returning', () => {
    expect(isNewUser(empty)).toBe(true);
    expect(isNewUser({ ...empty, charts: { favorite: [board], mine: [] } })).toBe(false);
    expect(
      isNewUser({
        ...empty,
        recents: [
          {
            action: 'viewed',
            item_type: 'dashboard',
            item_id: 7,
            item_title: 'Sales',
            item_url: '/x',
            time: '2026-01-01T00:00:00Z',
          },
        ],
      }),
    ).toBe(false);
  });

  it('says what the home page showed', () => {
    expect(
      homeSummaries.of['home/overviewLoaded'](
        { overview: { ...empty, dashboards: { favorite: [board], mine: [] } } },
        { who: 'alice', objectName: undefined, before: undefined },
      ),
    ).toBe('alice opened the home page: 0 recent items, 1 favourite');
    const samples: SummarySamples<HomeEvent> = {
      'home/overviewLoaded': { overview: empty },
      'home/overviewFailed': { message: 'Not found' },
    };
    expect(unreadableSummaries(homeSummaries, samples)).toEqual([]);
  });
});
