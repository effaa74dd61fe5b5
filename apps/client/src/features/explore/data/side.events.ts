import type { EventLike } from '@strata/events';
import type { DatasetListItem, DashboardOption } from '../api/explore-api';
import { unchanged } from '../../../shared/exhaustive';

/**
 * What Explore shows besides the chart definition: the dataset picker's list, the data pane (view
 * query, view results, samples) and the save modal (spec §3 Save modal state). Server answers and
 * view toggles, folded like everything else so time travel shows them; never undo steps.
 */
export type DataTab = 'results' | 'samples' | 'query';

export interface DataPaneResult {
  colnames: string[];
  data: Record<string, unknown>[];
  rowcount: number;
  query?: string;
  language?: string;
  page?: number;
  totalCount?: number;
}

export type ExploreSideEvent =
  | EventLike<'exploreSide/openStarted', { requestId: string }>
  | EventLike<'exploreSide/openFinished', { requestId: string }>
  | EventLike<'exploreSide/datasetsRequested', { search: string }>
  | EventLike<'exploreSide/datasetsLoaded', { search: string; items: DatasetListItem[] }>
  | EventLike<'exploreSide/datasetsFailed', { search: string; message: string }>
  | EventLike<'exploreSide/dataTabOpened', { tab: DataTab; requestId: string }>
  | EventLike<'exploreSide/dataLoaded', { requestId: string; result: DataPaneResult }>
  | EventLike<'exploreSide/dataFailed', { requestId: string; message: string }>
  | EventLike<'exploreSide/dataPaneClosed', Record<string, never>>
  | EventLike<'exploreSide/saveModalOpened', Record<string, never>>
  | EventLike<'exploreSide/dashboardsLoaded', { dashboards: DashboardOption[] }>
  | EventLike<'exploreSide/saveModalAlerted', { message: string }>
  | EventLike<'exploreSide/saveStarted', Record<string, never>>
  | EventLike<'exploreSide/saveModalClosed', Record<string, never>>;

export interface ExploreSideState {
  /** The open in progress (a chart, dataset or permalink loading), so the page does not show the last one as if current. */
  opening: string | null;
  datasets: { search: string; items: DatasetListItem[]; loading: boolean; error: string | null };
  dataPane: {
    tab: DataTab | null;
    requestId: string | null;
    loading: boolean;
    result: DataPaneResult | null;
    error: string | null;
  };
  saveModal: { isVisible: boolean; dashboards: DashboardOption[]; saveModalAlert: string | null; saving: boolean };
}

export const exploreSideFold = {
  initialState: (): ExploreSideState => ({
    opening: null,
    datasets: { search: '', items: [], loading: false, error: null },
    dataPane: { tab: null, requestId: null, loading: false, result: null, error: null },
    saveModal: { isVisible: false, dashboards: [], saveModalAlert: null, saving: false },
  }),
  evolve(state: ExploreSideState, event: ExploreSideEvent): ExploreSideState {
    switch (event.type) {
      case 'exploreSide/openStarted':
        return { ...state, opening: event.data.requestId };
      case 'exploreSide/openFinished':
        return event.data.requestId === state.opening ? { ...state, opening: null } : state;
      case 'exploreSide/datasetsRequested':
        return { ...state, datasets: { ...state.datasets, search: event.data.search, loading: true, error: null } };
      case 'exploreSide/datasetsLoaded':
        // Only the answer to the latest search counts: typing fast sends several.
        if (event.data.search !== state.datasets.search) return state;
        return { ...state, datasets: { ...state.datasets, items: event.data.items, loading: false } };
      case 'exploreSide/datasetsFailed':
        if (event.data.search !== state.datasets.search) return state;
        return { ...state, datasets: { ...state.datasets, loading: false, error: event.data.message } };
      case 'exploreSide/dataTabOpened':
        return {
          ...state,
          dataPane: { tab: event.data.tab, requestId: event.data.requestId, loading: true, result: null, error: null },
        };
      case 'exploreSide/dataLoaded':
        if (event.data.requestId !== state.dataPane.requestId) return state;
        return { ...state, dataPane: { ...state.dataPane, loading: false, result: event.data.result } };
      case 'exploreSide/dataFailed':
        if (event.data.requestId !== state.dataPane.requestId) return state;
        return { ...state, dataPane: { ...state.dataPane, loading: false, error: event.data.message } };
      case 'exploreSide/dataPaneClosed':
        return { ...state, dataPane: exploreSideFold.initialState().dataPane };
      case 'exploreSide/saveModalOpened':
        return { ...state, saveModal: { ...state.saveModal, isVisible: true, saveModalAlert: null, saving: false } };
      case 'exploreSide/dashboardsLoaded':
        return { ...state, saveModal: { ...state.saveModal, dashboards: event.data.dashboards } };
      case 'exploreSide/saveModalAlerted':
        return { ...state, saveModal: { ...state.saveModal, saveModalAlert: event.data.message, saving: false } };
      case 'exploreSide/saveStarted':
        return { ...state, saveModal: { ...state.saveModal, saving: true, saveModalAlert: null } };
      case 'exploreSide/saveModalClosed':
        return { ...state, saveModal: { ...state.saveModal, isVisible: false, saving: false } };
      default:
        return unchanged(event, state);
    }
  },
};
