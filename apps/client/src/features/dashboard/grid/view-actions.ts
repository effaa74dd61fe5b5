/**
 * How the page is looked at (charts-dashboards-reports §4 tabs, descriptions, full size, the focused
 * chart): view-only facts of the page, never undo steps.
 */
import type { DashboardPageEvent } from '@strata/domain';
import type { DashboardCore } from '../dashboard-core';
import { tabsOnPath } from './layout';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface ViewActions {
  activateTab(tabId: string): void;
  /** Activates the tabs on the way to a component (an anchor, the focused chart). */
  reveal(componentId: string): void;
  toggleDescription(chartId: number): void;
  toggleFullSize(chartId: number): void;
  focusedChartShown(chartId: number): void;
}

export function viewActions({ store }: Pick<DashboardCore, 'store'>): ViewActions {
  return {
    activateTab(tabId) {
      if (!store.getState().activeTabs.includes(tabId))
        store.record([{ type: 'dashboardPage/tabActivated', data: { tabId } }]);
    },
    reveal(componentId) {
      const state = store.getState();
      const missing = tabsOnPath(state.layout, componentId).filter((id) => !state.activeTabs.includes(id));
      if (missing.length)
        store.record(
          missing.map((tabId): DashboardPageEvent => ({ type: 'dashboardPage/tabActivated', data: { tabId } })),
          MAY_LAND_IN_PAST,
        );
    },
    toggleDescription: (chartId) =>
      void store.record([{ type: 'dashboardPage/chartDescriptionToggled', data: { chartId } }]),
    toggleFullSize: (chartId) => void store.record([{ type: 'dashboardPage/fullSizeToggled', data: { chartId } }]),
    focusedChartShown: (chartId) => void store.record([{ type: 'dashboardPage/focusedChartShown', data: { chartId } }]),
  };
}
