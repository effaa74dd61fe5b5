/**
 * The rules of a saved chart, pure: a name, valid JSON params, owners; a save decides one event per
 * changed intent; a favourite is set once per user. Permission rules (charts-dashboards-reports §6:
 * adding needs can_write on Chart, overwriting needs ownership) are checked by the server with
 * canAddChart / canOverwriteChart before deciding.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../shared/exhaustive';
import { chartEditEvents, chartEditFields } from './chart-edit';
import type { ChartCommand } from './chart.commands';
import type { ChartEvent, ChartFields } from './chart.events';

export interface ChartStreamState {
  id: number | null;
  fields: ChartFields | null;
  deleted: boolean;
  favoritedBy: number[];
}

function checkJson(name: string, text: string | null | undefined): void {
  if (text == null || text === '') return;
  try {
    JSON.parse(text);
  } catch {
    throw new DomainError('invalid_chart_json', `The chart's ${name} is not valid JSON.`);
  }
}

function checkName(name: string | undefined): void {
  if (name === undefined) return;
  if (!name.trim() || name.length > 250)
    throw new DomainError('invalid_slice_name', 'A chart needs a name of at most 250 characters.');
}

/** The chart's fields, or chart_not_found when it does not exist or is deleted. */
export function liveChart(state: ChartStreamState): ChartFields {
  if (!state.fields || state.deleted) throw new DomainError('chart_not_found', 'Chart not found.');
  return state.fields;
}

export const chartDecider: Decider<ChartStreamState, ChartEvent, ChartCommand, void> = {
  initialState: () => ({ id: null, fields: null, deleted: false, favoritedBy: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'chart/chartCreated': {
        const { id, ...fields } = event.data;
        return { ...state, id, fields };
      }
      case 'chart/chartRenamed':
      case 'chart/vizTypeChanged':
      case 'chart/chartParamsChanged':
      case 'chart/chartDescribed':
      case 'chart/cacheTimeoutChanged':
      case 'chart/chartOwnersChanged':
      case 'chart/chartCertified':
      case 'chart/chartCertificationRemoved':
      case 'chart/certificationDetailsChanged':
      case 'chart/datasourceChanged':
        return state.fields ? { ...state, fields: { ...state.fields, ...chartEditFields(event) } } : state;
      // The revert's own edit events restored the fields; this fact only names what was reverted.
      case 'chart/changeReverted':
        return state;
      case 'chart/chartDeleted':
        return { ...state, deleted: true };
      case 'chart/favorited':
        return state.favoritedBy.includes(event.data.userId)
          ? state
          : { ...state, favoritedBy: [...state.favoritedBy, event.data.userId] };
      case 'chart/unfavorited':
        return { ...state, favoritedBy: state.favoritedBy.filter((u) => u !== event.data.userId) };
      default:
        return leaveUnchanged(event, state);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateChart': {
        if (state.id !== null) throw new DomainError('chart_exists', 'This chart already exists.');
        const { owner_id, owners, ...data } = command.data;
        checkName(data.slice_name);
        checkJson('params', data.params);
        checkJson('query_context', data.query_context);
        return [{ type: 'chart/chartCreated', data: { ...data, owners: [...new Set([owner_id, ...(owners ?? [])])] } }];
      }
      case 'UpdateChart': {
        const fields = liveChart(state);
        const edit = command.data;
        checkName(edit.slice_name);
        checkJson('params', edit.params);
        checkJson('query_context', edit.query_context);
        return chartEditEvents(fields, edit);
      }
      case 'DeleteChart':
        liveChart(state);
        return [{ type: 'chart/chartDeleted', data: {} }];
      // Starring twice is one star: no event, so a retry never doubles it.
      case 'FavoriteChart': {
        liveChart(state);
        const { userId } = command.data;
        return state.favoritedBy.includes(userId) ? [] : [{ type: 'chart/favorited', data: { userId } }];
      }
      case 'UnfavoriteChart': {
        liveChart(state);
        const { userId } = command.data;
        return state.favoritedBy.includes(userId) ? [{ type: 'chart/unfavorited', data: { userId } }] : [];
      }
      default:
        return unknownCommand(command);
    }
  },
};
