/**
 * Home page facts as first recorded, read as today's (DESIGN.md "Events"): an overview whose
 * `savedQueries` was one list (the user's own, before saved queries could be starred) holds it as `mine`,
 * with no favourites.
 */
import type { UpcasterMap } from '@strata/events';
import { HOME_OVERVIEW_LOADED, type HomeOverview } from './home.events';

type OldOverview = Omit<HomeOverview, 'savedQueries'> & { savedQueries: HomeOverview['savedQueries'] | HomeObjectList };
type HomeObjectList = HomeOverview['savedQueries']['mine'];

export const homeUpcasters: UpcasterMap = {
  [HOME_OVERVIEW_LOADED]: (event) => {
    const { overview } = event.data as { overview: OldOverview };
    if (!Array.isArray(overview.savedQueries)) return [event];
    return [
      {
        type: HOME_OVERVIEW_LOADED,
        data: { overview: { ...overview, savedQueries: { favorite: [], mine: overview.savedQueries } } },
      },
    ];
  },
};
