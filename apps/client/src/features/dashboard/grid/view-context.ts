import { createContext, useContext } from 'react';
import type { DashboardFeature } from '../dashboard.feature';
import type { DashboardPageState } from '@strata/domain';

/** What every component of the grid reads: the feature, the state shown, and the page's options. */
export interface DashboardView {
  feature: DashboardFeature;
  state: DashboardPageState;
  /** charts-dashboards-reports §6 ESCAPE_MARKDOWN_HTML. */
  escapeMarkdown: boolean;
  /** UI-config bit 8: no chart menus. */
  hideChartControls: boolean;
  /** UI-config bit 2: no tab bars. */
  hideTabs: boolean;
  canDownload: boolean;
  /** Owners and admins with can_write on Dashboard add and edit the native filters. */
  canEditFilters: boolean;
  onError(title: string, error: unknown): void;
}

export const DashboardViewContext = createContext<DashboardView | null>(null);

export function useDashboardView(): DashboardView {
  const view = useContext(DashboardViewContext);
  if (!view) throw new Error('useDashboardView needs a DashboardViewContext');
  return view;
}
