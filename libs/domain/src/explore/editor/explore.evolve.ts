import { leaveUnchanged } from '../../shared/exhaustive';
import { controlDef } from '../controls/control-defs';
import { ExploreMessages } from '../controls/constants';
import { validateFormData } from '../controls/validation';
import type { FormData } from '../controls/types';
import { completeFormData, remapHidden, remapToDatasource } from './form-data';
import { switchVizType } from './viz-switch';
import { initialChartState, type ChartState, type ExploreState } from './model';
import type { ExploreEvent } from './explore.events';

/** Validation always follows the form data: recomputed, so undoing any batch leaves it right. */
function withForm(state: ExploreState, formData: FormData, patch: Partial<ExploreState> = {}): ExploreState {
  const next = { ...state, ...patch, formData };
  return { ...next, validationErrors: validateFormData(formData, { maxRow: next.maxRow }) };
}

function withChart(state: ExploreState, patch: Partial<ChartState>): ExploreState {
  return { ...state, chart: { ...state.chart, ...patch } };
}

/** Total and pure: an answer for a query that is not the current one changes nothing. */
export function evolveExplore(state: ExploreState, event: ExploreEvent): ExploreState {
  switch (event.type) {
    case 'explore/opened': {
      const { datasource, formData, slice, maxRow, isStarred } = event.data;
      return withForm(state, completeFormData(formData, datasource), {
        status: 'ready',
        datasource,
        slice,
        sliceName: slice?.slice_name ?? '',
        isStarred,
        maxRow,
        hiddenFormData: {},
        controlsTransferred: [],
        stale: true,
        chart: initialChartState(),
      });
    }
    case 'explore/controlChanged': {
      const { name, value } = event.data;
      const renderOnly = controlDef(name)?.renderTrigger === true;
      return withForm(state, { ...state.formData, [name]: value }, { stale: state.stale || !renderOnly });
    }
    case 'explore/vizTypeChanged': {
      const switched = switchVizType(state.formData, state.hiddenFormData, event.data.vizType, state.datasource);
      return withForm(state, switched.formData, { hiddenFormData: switched.hiddenFormData, stale: true });
    }
    case 'explore/datasourceChanged': {
      const { datasource } = event.data;
      const remapped = remapToDatasource(state.formData, datasource);
      const next = withForm(state, remapped.formData, {
        datasource,
        hiddenFormData: remapHidden(state.hiddenFormData, datasource),
        controlsTransferred: remapped.transferred,
        stale: true,
      });
      // charts-dashboards-reports §4: on a datasource reset, a failed chart with a stack trace returns to the empty status.
      if (state.chart.chartStatus === 'failed' && state.chart.chartStackTrace) {
        return withChart(next, { chartStatus: null, chartAlert: null, chartStackTrace: null });
      }
      return next;
    }
    case 'explore/formDataStashed': {
      const formData: Record<string, unknown> = { ...state.formData };
      const hidden: Record<string, unknown> = { ...state.hiddenFormData };
      for (const field of event.data.fields) {
        if (!(field in formData) || field === 'datasource' || field === 'viz_type') continue;
        hidden[field] = formData[field];
        delete formData[field];
      }
      return withForm(state, formData as FormData, { hiddenFormData: hidden, stale: true });
    }
    case 'explore/formDataRestored': {
      const formData: Record<string, unknown> = { ...state.formData };
      const hidden: Record<string, unknown> = { ...state.hiddenFormData };
      for (const field of event.data.fields) {
        if (!(field in hidden)) continue;
        formData[field] = hidden[field];
        delete hidden[field];
      }
      return withForm(state, formData as FormData, { hiddenFormData: hidden, stale: true });
    }
    case 'explore/sliceNameChanged':
      return { ...state, sliceName: event.data.name };
    case 'explore/queryTriggered':
      return withChart(
        { ...state, stale: false },
        {
          chartStatus: 'loading',
          chartAlert: null,
          chartStackTrace: null,
          chartUpdateStartTime: event.data.at,
          chartUpdateEndTime: null,
          latestQueryFormData: event.data.formData,
          queryId: event.data.queryId,
          force: event.data.force,
        },
      );
    case 'explore/chartLoaded':
      if (state.chart.queryId !== event.data.queryId || state.chart.chartStatus !== 'loading') return state;
      return withChart(state, {
        chartStatus: 'success',
        queriesResponse: event.data.queriesResponse,
        chartUpdateEndTime: event.data.at,
      });
    case 'explore/chartRendered':
      if (state.chart.queryId !== event.data.queryId || state.chart.chartStatus !== 'success') return state;
      return withChart(state, { chartStatus: 'rendered', lastRendered: event.data.at });
    case 'explore/chartFailed': {
      const status = state.chart.chartStatus;
      if (state.chart.queryId !== event.data.queryId || (status !== 'loading' && status !== 'success')) return state;
      return withChart(state, {
        chartStatus: 'failed',
        chartAlert: event.data.message,
        chartStackTrace: event.data.stackTrace,
        chartUpdateEndTime: event.data.at,
        // A query that failed has no data to show; a render failure keeps the data for View results.
        queriesResponse: status === 'loading' ? null : state.chart.queriesResponse,
      });
    }
    case 'explore/chartStopped':
      if (state.chart.queryId !== event.data.queryId || state.chart.chartStatus !== 'loading') return state;
      return withChart(state, {
        chartStatus: 'stopped',
        chartAlert: ExploreMessages.CHART_STOPPED,
        chartUpdateEndTime: event.data.at,
      });
    case 'explore/sliceSaved':
      return { ...state, slice: event.data.slice, sliceName: event.data.slice.slice_name };
    case 'explore/chartFavorited':
      return { ...state, isStarred: true };
    case 'explore/chartUnfavorited':
      return { ...state, isStarred: false };
    default:
      return leaveUnchanged(event, state);
  }
}
