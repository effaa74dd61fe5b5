/**
 * Old dashboard list facts read as today's (DESIGN.md "Events"). They lived in the client's log only, so
 * they reach this in exported time-travel files.
 */
import type { UpcasterMap } from '@strata/events';

export const dashboardListUpcasters: UpcasterMap = {
  // A setter (`{id, isStarred}`): one fact per intent now.
  'dashboardList/starToggled': (event) => {
    const { id, isStarred } = event.data as { id: number; isStarred: boolean };
    return { type: isStarred === true ? 'dashboardList/favorited' : 'dashboardList/unfavorited', data: { id } };
  },
};
