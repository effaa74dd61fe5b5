/**
 * Old Explore events read as today's (DESIGN.md "Events": stored events are never rewritten). Exported
 * time-travel files written before the star setter was split still hold `explore/starToggled`.
 */
import type { UpcasterMap } from '@strata/events';
import type { ExploreEvent } from './explore.events';

export const exploreUpcasters: UpcasterMap = {
  /** The setter `starToggled {isStarred}` became one intent per direction. */
  'explore/starToggled': (event): ExploreEvent =>
    (event.data as { isStarred: boolean }).isStarred
      ? { type: 'explore/chartFavorited', data: {} }
      : { type: 'explore/chartUnfavorited', data: {} },
};
