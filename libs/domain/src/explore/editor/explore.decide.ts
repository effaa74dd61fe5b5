import { DomainError } from '@strata/events';
import { unknownCommand } from '../../shared/exhaustive';
import { controlDef, DATA_KINDS } from '../controls/control-defs';
import { DEFAULT_MAX_ROW } from '../controls/constants';
import { fitToDatasource } from '../controls/remap';
import { normalizeControlValue } from '../controls/validation';
import { deepEqual } from './deep-equal';
import { movedColumnConfig } from './form-data';
import type { ExploreCommand } from './explore.commands';
import type { ExploreEvent } from './explore.events';
import { evolveExplore } from './explore.evolve';
import { hasValidationErrors, type ExploreState } from './model';

export const ExploreErrorCodes = {
  CONTROL_UNKNOWN: 'control_unknown',
  NOT_OPENED: 'explore_not_opened',
  CONTROLS_INVALID: 'controls_invalid',
  NAME_EMPTY: 'slice_name_empty',
} as const;

function requireOpened(state: ExploreState): void {
  if (state.status !== 'ready')
    throw new DomainError(ExploreErrorCodes.NOT_OPENED, 'Open a chart or pick a dataset first.');
}

function setControl(state: ExploreState, name: string, raw: unknown): ExploreEvent[] {
  const def = controlDef(name);
  if (!def) throw new DomainError(ExploreErrorCodes.CONTROL_UNKNOWN, `Unknown control '${name}'.`);
  let value = normalizeControlValue(def, raw);
  // Values naming columns or metrics the dataset lacks are dropped (charts-dashboards-reports §5).
  if (state.datasource && DATA_KINDS.has(def.kind)) value = fitToDatasource(def, value, state.datasource);
  if (deepEqual(value, state.formData[name])) return [];
  const events: ExploreEvent[] = [{ type: 'explore/controlChanged', data: { name, value } }];
  if (def.kind === 'metrics') {
    const config = movedColumnConfig(state.formData[name], value, state.formData.column_config);
    if (config) events.push({ type: 'explore/controlChanged', data: { name: 'column_config', value: config } });
  }
  return events;
}

/**
 * Explore's decisions. A change that changes nothing gives no event (and so no undo step); answers
 * for a query that is no longer the chart's are ignored rather than refused: they are late, not wrong.
 */
export function decideExplore(command: ExploreCommand, state: ExploreState): ExploreEvent[] {
  switch (command.type) {
    case 'OpenExplore': {
      const { datasource, formData, slice = null, maxRow = DEFAULT_MAX_ROW, isStarred = false } = command.data;
      // A new chart starts with its dataset's default time grain (Superset's default_time_grain); a saved one keeps its own.
      const grain =
        !slice && formData.time_grain_sqla === undefined && datasource?.default_time_grain
          ? { time_grain_sqla: datasource.default_time_grain }
          : {};
      return [
        {
          type: 'explore/opened',
          data: {
            datasource,
            formData: { datasource: '', viz_type: '', ...grain, ...formData },
            slice,
            maxRow,
            isStarred,
          },
        },
      ];
    }
    case 'SetControlValue':
      requireOpened(state);
      return setControl(state, command.data.name, command.data.value);
    case 'ChangeVizType': {
      requireOpened(state);
      const { vizType, query } = command.data;
      if (vizType === state.formData.viz_type) return [];
      const changed: ExploreEvent = { type: 'explore/vizTypeChanged', data: { vizType } };
      // Issue 16: a chart already drawn is redrawn as the new type at once (one gesture, one undo step), so
      // the chart, 'View query' and 'View results' never show the type left behind. An invalid form waits.
      const switched = evolveExplore(state, changed);
      if (!query || state.chart.chartStatus === null || !switched.datasource || hasValidationErrors(switched))
        return [changed];
      const { queryId, at } = query;
      return [
        changed,
        { type: 'explore/queryTriggered', data: { queryId, at, force: false, formData: switched.formData } },
      ];
    }
    case 'ChangeDatasource':
      // The same metadata again is no change; a refreshed dataset with other columns is remapped.
      if (deepEqual(state.datasource, command.data.datasource)) return [];
      return [{ type: 'explore/datasourceChanged', data: { datasource: command.data.datasource } }];
    case 'StashFormData': {
      requireOpened(state);
      const fields = command.data.fields.filter((f) => f in state.formData && f !== 'datasource' && f !== 'viz_type');
      return fields.length ? [{ type: 'explore/formDataStashed', data: { fields } }] : [];
    }
    case 'RestoreFormData': {
      const fields = command.data.fields.filter((f) => f in state.hiddenFormData);
      return fields.length ? [{ type: 'explore/formDataRestored', data: { fields } }] : [];
    }
    case 'RenameSlice': {
      const name = command.data.name.trim();
      if (!name) throw new DomainError(ExploreErrorCodes.NAME_EMPTY, 'Chart name cannot be empty');
      return name === state.sliceName ? [] : [{ type: 'explore/sliceNameChanged', data: { name } }];
    }
    case 'TriggerQuery': {
      requireOpened(state);
      if (!state.datasource) throw new DomainError(ExploreErrorCodes.NOT_OPENED, 'Pick a dataset first.');
      // charts-dashboards-reports §4: validation errors block re-rendering while present.
      if (hasValidationErrors(state))
        throw new DomainError(
          ExploreErrorCodes.CONTROLS_INVALID,
          'Fix the controls marked in red before running the query.',
        );
      const { queryId, at, force = false } = command.data;
      return [{ type: 'explore/queryTriggered', data: { queryId, at, force, formData: state.formData } }];
    }
    case 'RecordChartSuccess': {
      const { queryId, queriesResponse, at } = command.data;
      if (state.chart.queryId !== queryId || state.chart.chartStatus !== 'loading') return [];
      return [{ type: 'explore/chartLoaded', data: { queryId, queriesResponse, at } }];
    }
    case 'RecordChartRendered': {
      const { queryId, at } = command.data;
      if (state.chart.queryId !== queryId || state.chart.chartStatus !== 'success') return [];
      return [{ type: 'explore/chartRendered', data: { queryId, at } }];
    }
    case 'RecordChartFailure': {
      const { queryId, message, stackTrace = null, at } = command.data;
      const status = state.chart.chartStatus;
      if (state.chart.queryId !== queryId || (status !== 'loading' && status !== 'success')) return [];
      return [{ type: 'explore/chartFailed', data: { queryId, message, stackTrace, at } }];
    }
    case 'StopQuery':
      if (state.chart.chartStatus !== 'loading' || !state.chart.queryId) return [];
      return [{ type: 'explore/chartStopped', data: { queryId: state.chart.queryId, at: command.data.at } }];
    case 'RecordSliceSaved':
      return [{ type: 'explore/sliceSaved', data: { slice: command.data.slice } }];
    // charts-dashboards-reports §4: the star changes on success of the favourites call; the client sends
    // these after it. Starring a starred chart is no change.
    case 'FavoriteChart':
      return state.isStarred ? [] : [{ type: 'explore/chartFavorited', data: {} }];
    case 'UnfavoriteChart':
      return state.isStarred ? [{ type: 'explore/chartUnfavorited', data: {} }] : [];
    default:
      return unknownCommand(command);
  }
}
