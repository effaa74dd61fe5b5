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
import type { Envelope } from '@strata/events';
import { upcastEvents } from '../../upcasters';

const empty: HomeOverview = {
  recents: [],
  dashboards: { favorite: [], mine: [] },
  charts: { favorite: [], mine: [] },
  savedQueries: { favorite: [], mine: [] },
};
const board = { id: 7, title: 'Sales', url: '/superset/dashboard/7/', changed_on: null };
const query = { id: 11, title: 'Cars per year', url: '/sqllab/?savedQueryId=11', changed_on: null };

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
    // A starred saved query (issue 15 item 6) is a favourite too.
    expect(isNewUser({ ...empty, savedQueries: { favorite: [query], mine: [] } })).toBe(false);
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
    expect(
      homeSummaries.of['home/overviewLoaded'](
        { overview: { ...empty, savedQueries: { favorite: [query], mine: [query] } } },
        { who: 'alice', objectName: undefined, before: undefined },
      ),
    ).toBe('alice opened the home page: 0 recent items, 1 favourite');
    const samples: SummarySamples<HomeEvent> = {
      'home/overviewLoaded': { overview: empty },
      'home/overviewFailed': { message: 'Not found' },
    };
    expect(unreadableSummaries(homeSummaries, samples)).toEqual([]);
  });

  it("an overview recorded before saved queries had stars reads its saved queries as the user's own", () => {
    const { savedQueries: _, ...rest } = empty;
    const stored: Envelope[] = [
      {
        id: 'e1',
        stream: 'home',
        version: 1,
        type: HOME_OVERVIEW_LOADED,
        data: { overview: { ...rest, savedQueries: [query] } },
        meta: { actor: '2', at: '2026-01-01T00:00:00.000Z', batchId: 'b1' },
      },
    ];
    const [read] = upcastEvents(stored);
    expect(read.data).toEqual({ overview: { ...empty, savedQueries: { favorite: [], mine: [query] } } });
    expect(isNewUser((read.data as { overview: HomeOverview }).overview)).toBe(false);
  });
});
