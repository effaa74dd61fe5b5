/**
 * The rules of a chart, pure: a name, valid JSON params, owners; a favourite is set once per user.
 * Permission rules (spec §6: adding needs can_write on Chart, overwriting needs ownership) are checked by
 * the service with the domain's canAddChart / canOverwriteChart before deciding.
 */
import { leaveUnchanged, unknownCommand } from '@strata/domain';
import { DomainError, type Decider } from '@strata/events';
import type { ChartChanges, ChartEvent, ChartFields } from './chart.events';

export interface ChartState {
  id: number | null;
  fields: ChartFields | null;
  deleted: boolean;
  favoritedBy: number[];
}

export interface CreateChart {
  type: 'CreateChart';
  data: Omit<ChartFields, 'owners'> & { id: number; owner_id: number; owners?: number[] };
}
export interface UpdateChart {
  type: 'UpdateChart';
  data: { changes: ChartChanges };
}
export interface DeleteChart {
  type: 'DeleteChart';
  data: Record<string, never>;
}
export interface FavoriteChart {
  type: 'FavoriteChart';
  data: { userId: number; favorite: boolean };
}
export type ChartCommand = CreateChart | UpdateChart | DeleteChart | FavoriteChart;

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

function live(state: ChartState): ChartFields {
  if (!state.fields || state.deleted) throw new DomainError('chart_not_found', 'Chart not found.');
  return state.fields;
}

export const chartDecider: Decider<ChartState, ChartEvent, ChartCommand, void> = {
  initialState: () => ({ id: null, fields: null, deleted: false, favoritedBy: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'chart/chartCreated': {
        const { id, ...fields } = event.data;
        return { ...state, id, fields };
      }
      case 'chart/chartUpdated':
        return state.fields ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state;
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
        live(state);
        const changes = command.data.changes;
        checkName(changes.slice_name);
        checkJson('params', changes.params);
        checkJson('query_context', changes.query_context);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'chart/chartUpdated', data: { changes } }];
      }
      case 'DeleteChart':
        live(state);
        return [{ type: 'chart/chartDeleted', data: {} }];
      case 'FavoriteChart': {
        live(state);
        const { userId, favorite } = command.data;
        // Starring twice is one star: no event, so a retry never doubles it.
        if (favorite === state.favoritedBy.includes(userId)) return [];
        return [
          favorite ? { type: 'chart/favorited', data: { userId } } : { type: 'chart/unfavorited', data: { userId } },
        ];
      }
      default:
        return unknownCommand(command);
    }
  },
};
