/**
 * Old chart list events read as today's (DESIGN.md "Events": stored events are never rewritten). Exported
 * time-travel files written before the setter was split still hold `chartList/starToggled`.
 */
import type { UpcasterMap } from '@strata/events';
import type { ChartListEvent } from './chart-list.events';

export const chartListUpcasters: UpcasterMap = {
  /** The setter `starToggled {id, isStarred}` became one intent per direction. */
  'chartList/starToggled': (event): ChartListEvent => {
    const { id, isStarred } = event.data as { id: number; isStarred: boolean };
    return isStarred
      ? { type: 'chartList/chartFavorited', data: { id } }
      : { type: 'chartList/chartUnfavorited', data: { id } };
  },
};
