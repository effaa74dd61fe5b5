/**
 * Tab-state events as they were first stored, read as today's (DESIGN.md "Events"): the catch-all
 * `sqllab/tabStateSaved { tab_id, changes }` becomes one field-edit event per field it held, in the same
 * batch, so old logs fold to the same tabs.
 */
import type { UpcasterMap } from '@strata/events';
import { tabFieldEvents, type TabFields } from './tab-state.events';

export const tabStateUpcasters: UpcasterMap = {
  'sqllab/tabStateSaved': (event) => {
    const { tab_id, changes } = event.data as { tab_id: number; changes: Partial<TabFields> };
    return tabFieldEvents(tab_id, changes);
  },
};
