import type { Fold } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import {
  NO_HISTORY_FILTERS,
  type HistoryFilters,
  type QueryHistoryEvent,
  type QueryHistoryRow,
} from './query-history.events';

export interface QueryHistoryState {
  filters: HistoryFilters;
  page: number;
  rows: readonly QueryHistoryRow[] | null;
  count: number;
  loading: boolean;
  error: string | null;
  /** Users seen in the lists so far, for the user filter (the list names them, no user API needed). */
  users: Readonly<Record<string, string>>;
}

const sameAsked = (state: QueryHistoryState, data: { filters: HistoryFilters; page: number }) =>
  JSON.stringify(state.filters) === JSON.stringify(data.filters) && state.page === data.page;

const initialState = (): QueryHistoryState => ({
  filters: NO_HISTORY_FILTERS,
  page: 0,
  rows: null,
  count: 0,
  loading: false,
  error: null,
  users: {},
});

function evolve(state: QueryHistoryState, event: QueryHistoryEvent): QueryHistoryState {
  switch (event.type) {
    case 'queryHistory/listRequested':
      return { ...state, filters: event.data.filters, page: event.data.page, loading: true };
    case 'queryHistory/listLoaded': {
      // An answer to filters changed since is not the list asked for now.
      if (!sameAsked(state, event.data)) return state;
      const users = { ...state.users };
      for (const row of event.data.rows)
        if (row.userId !== undefined) users[String(row.userId)] = row.user ?? `User ${row.userId}`;
      return { ...state, rows: event.data.rows, count: event.data.count, loading: false, error: null, users };
    }
    case 'queryHistory/listLoadFailed':
      return sameAsked(state, event.data) ? { ...state, loading: false, error: event.data.message } : state;
    default:
      return leaveUnchanged(event, state);
  }
}

/** The client's `sqllab-history` store folds this. */
export const queryHistoryFold: Fold<QueryHistoryState, QueryHistoryEvent> = { initialState, evolve };
