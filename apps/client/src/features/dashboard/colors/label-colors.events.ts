/**
 * The dashboard's label colours as a fold (spec §3 label_colors and map_label_colors, §4 colour sync
 * flags). Which colour a label gets is the domain's rule; this folds the page's facts into it: the
 * dashboard opened with its metadata, a chart drew its labels, the server took the colours.
 */
import type { EventLike } from '@strata/events';
import { colorsSynced, labelColorsOf, withChartLabels, type LabelColorMetadata, type LabelColors } from '@strata/domain';
import { unchanged } from '../../../shared/exhaustive';

export type LabelColorsEvent =
  | EventLike<'dashboardColors/opened', { dashboardId: number; scheme: string | null; namespace: string | null; metadata: LabelColorMetadata; palette: string[] }>
  | EventLike<'dashboardColors/chartLabelsShown', { chartId: number; labels: string[] }>
  | EventLike<'dashboardColors/synced', Record<string, never>>;

export interface LabelColorsState {
  dashboardId: number | null;
  /** The dashboard's color_scheme: it replaces each chart's own scheme on the dashboard. */
  scheme: string | null;
  namespace: string | null;
  colors: LabelColors | null;
  /** The colour of every coloured label, hand-set ones over assigned ones: what charts draw with. */
  byLabel: Readonly<Record<string, string>>;
}

const initialState = (): LabelColorsState => ({ dashboardId: null, scheme: null, namespace: null, colors: null, byLabel: {} });

const withColors = (state: LabelColorsState, colors: LabelColors): LabelColorsState =>
  colors === state.colors ? state : { ...state, colors, byLabel: { ...colors.map, ...colors.custom } };

export const labelColorsFold = {
  initialState,
  evolve(state: LabelColorsState, event: LabelColorsEvent): LabelColorsState {
    switch (event.type) {
      case 'dashboardColors/opened': {
        const { dashboardId, scheme, namespace, metadata, palette } = event.data;
        let colors = labelColorsOf(metadata, palette);
        // The same dashboard opened again (its metadata saved or read again): the charts on screen keep
        // their labels, and those take their colours from the new metadata at once (a new scheme redraws).
        if (state.dashboardId === dashboardId && state.colors) {
          for (const [chartId, labels] of Object.entries(state.colors.chartLabels)) colors = withChartLabels(colors, Number(chartId), labels);
        }
        return withColors({ ...initialState(), dashboardId, scheme, namespace }, colors);
      }
      case 'dashboardColors/chartLabelsShown':
        return state.colors ? withColors(state, withChartLabels(state.colors, event.data.chartId, event.data.labels)) : state;
      case 'dashboardColors/synced':
        return state.colors ? withColors(state, colorsSynced(state.colors)) : state;
      default:
        return unchanged(event, state);
    }
  },
};
