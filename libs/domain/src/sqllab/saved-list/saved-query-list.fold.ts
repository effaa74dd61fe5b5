import type { Fold } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import type { SavedQueryListEvent, SavedQueryListRow } from './saved-query-list.events';

export interface SavedQueryListState {
  search: string;
  page: number;
  rows: readonly SavedQueryListRow[] | null;
  count: number;
  loading: boolean;
  error: string | null;
  /** The user's stars, by saved query id, as far as they are known (a row not in it: not starred). */
  favorites: Readonly<Record<number, boolean>>;
}

const initialState = (): SavedQueryListState => ({
  search: '',
  page: 0,
  rows: null,
  count: 0,
  loading: false,
  error: null,
  favorites: {},
});

function evolve(state: SavedQueryListState, event: SavedQueryListEvent): SavedQueryListState {
  switch (event.type) {
    case 'savedQueries/listRequested':
      return { ...state, search: event.data.search, page: event.data.page, loading: true };
    case 'savedQueries/listLoaded':
      // An answer to an older search (typed over) is not the list asked for now.
      if (event.data.search !== state.search || event.data.page !== state.page) return state;
      return { ...state, rows: event.data.rows, count: event.data.count, loading: false, error: null };
    case 'savedQueries/listLoadFailed':
      return { ...state, loading: false, error: event.data.message };
    case 'savedQueries/rowEdited': {
      const { row } = event.data;
      return state.rows ? { ...state, rows: state.rows.map((r) => (r.id === row.id ? row : r)) } : state;
    }
    case 'savedQueries/rowsDeleted': {
      if (!state.rows) return state;
      const gone = new Set(event.data.ids);
      const rows = state.rows.filter((r) => !gone.has(r.id));
      return { ...state, rows, count: Math.max(0, state.count - (state.rows.length - rows.length)) };
    }
    case 'savedQueries/favoriteStatusLoaded':
      return {
        ...state,
        favorites: { ...state.favorites, ...Object.fromEntries(event.data.status.map((s) => [s.id, s.value])) },
      };
    case 'savedQueries/rowFavorited':
      return { ...state, favorites: { ...state.favorites, [event.data.id]: true } };
    case 'savedQueries/rowUnfavorited':
      return { ...state, favorites: { ...state.favorites, [event.data.id]: false } };
    default:
      return leaveUnchanged(event, state);
  }
}

/** The client's `saved-queries` store folds this. */
export const savedQueryListFold: Fold<SavedQueryListState, SavedQueryListEvent> = { initialState, evolve };
