import { savedQueryListFold, type SavedQueryListEvent, type SavedQueryListState } from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { SqlLabApi } from '../api/sqllab-api';

export const SAVED_PAGE_SIZE = 25;

export interface SavedQueriesFeature {
  readonly store: FeatureStore<SavedQueryListState, SavedQueryListEvent>;
  load(search: string, page: number): Promise<void>;
}

/** The saved queries list: search by label, pages of 25, newest change first. */
export function createSavedQueries(context: ClientContext, api: SqlLabApi): SavedQueriesFeature {
  const store = createFeatureStore<SavedQueryListState, SavedQueryListEvent>(
    'saved-queries',
    savedQueryListFold,
    context,
  );
  return {
    store,
    async load(search, page) {
      store.record([{ type: 'savedQueries/listRequested', data: { search, page } }], MAY_LAND_IN_PAST);
      try {
        const { result, count } = await api.savedQueries(search, page, SAVED_PAGE_SIZE);
        store.record(
          [{ type: 'savedQueries/listLoaded', data: { search, page, rows: result, count } }],
          MAY_LAND_IN_PAST,
        );
      } catch (thrown) {
        store.record(
          [{ type: 'savedQueries/listLoadFailed', data: { message: toClientError(thrown).message } }],
          MAY_LAND_IN_PAST,
        );
      }
    },
  };
}
