/**
 * The dashboard page's label colours as facts and their fold (charts-dashboards-reports §3 label_colors
 * and map_label_colors, §4 colour sync flags). Which colour a label gets is label-colors.ts's rule; this
 * folds the page's facts into it: the dashboard opened with its metadata, a chart drew its labels, the
 * server took the colours.
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import {
  colorsSynced,
  labelColorsOf,
  withChartLabels,
  type LabelColorMetadata,
  type LabelColors,
} from './label-colors';

export type LabelColorsEvent =
  | EventLike<
      'dashboardColors/opened',
      { dashboardId: number; scheme: string | null; metadata: LabelColorMetadata; palette: string[] }
    >
  | EventLike<'dashboardColors/chartLabelsShown', { chartId: number; labels: string[] }>
  | EventLike<'dashboardColors/synced', Record<string, never>>;

export interface LabelColorsState {
  dashboardId: number | null;
  /** The dashboard's color_scheme: it replaces each chart's own scheme on the dashboard. */
  scheme: string | null;
  colors: LabelColors | null;
}

export const initialLabelColors = (): LabelColorsState => ({ dashboardId: null, scheme: null, colors: null });

const withColors = (state: LabelColorsState, colors: LabelColors): LabelColorsState =>
  colors === state.colors ? state : { ...state, colors };

/**
 * The colours `labels` will have once the chart that draws them has told them (withChartLabels is pure,
 * so this is the same answer): a chart is drawn in its dashboard colours the first time, not drawn in its
 * own palette and then again.
 */
export function previewLabelColors(
  state: LabelColorsState,
  chartId: number,
  labels: readonly string[],
): Record<string, string> {
  if (!state.colors) return {};
  const next = withChartLabels(state.colors, chartId, labels);
  const colors: Record<string, string> = {};
  for (const label of labels) {
    const color = next.custom[label] ?? next.map[label];
    if (color !== undefined) colors[label] = color;
  }
  return colors;
}

export function evolveLabelColors(state: LabelColorsState, event: LabelColorsEvent): LabelColorsState {
  switch (event.type) {
    case 'dashboardColors/opened': {
      const { dashboardId, scheme, metadata, palette } = event.data;
      let colors = labelColorsOf(metadata, palette);
      // The same dashboard opened again (its metadata saved or read again): the charts on screen keep
      // their labels, and those take their colours from the new metadata at once (a new scheme redraws).
      if (state.dashboardId === dashboardId && state.colors) {
        for (const [chartId, labels] of Object.entries(state.colors.chartLabels))
          colors = withChartLabels(colors, Number(chartId), labels);
      }
      return withColors({ ...initialLabelColors(), dashboardId, scheme }, colors);
    }
    case 'dashboardColors/chartLabelsShown':
      return state.colors
        ? withColors(state, withChartLabels(state.colors, event.data.chartId, event.data.labels))
        : state;
    case 'dashboardColors/synced':
      return state.colors ? withColors(state, colorsSynced(state.colors)) : state;
    default:
      return leaveUnchanged(event, state);
  }
}

export const labelColorsFold = { initialState: initialLabelColors, evolve: evolveLabelColors };
