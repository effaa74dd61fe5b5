import type { Fold } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import type {
  DashboardOption,
  DataPaneResult,
  DataTab,
  DatasetListItem,
  ExploreSideEvent,
} from './explore-side.events';

export interface ExploreSideState {
  /** The open in progress (a chart, dataset or permalink loading), so the page does not show the last one as if current. */
  opening: string | null;
  /**
   * Not null: the chart shown is the saved chart as it was at `asOf`, read-only (every open starts from
   * today). `queries` false: its data is not queried (a replay), the chart pane says its results are not kept.
   */
  pastView: { asOf: string; queries: boolean } | null;
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

const initialState = (): ExploreSideState => ({
  opening: null,
  pastView: null,
  datasets: { search: '', items: [], loading: false, error: null },
  dataPane: { tab: null, requestId: null, loading: false, result: null, error: null },
  saveModal: { isVisible: false, dashboards: [], saveModalAlert: null, saving: false },
});

function evolve(state: ExploreSideState, event: ExploreSideEvent): ExploreSideState {
  switch (event.type) {
    case 'exploreSide/openStarted':
      return { ...state, opening: event.data.requestId, pastView: null };
    case 'exploreSide/pastViewOpened':
      return event.data.requestId === state.opening
        ? { ...state, pastView: { asOf: event.data.asOf, queries: event.data.queries } }
        : state;
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
      return { ...state, dataPane: initialState().dataPane };
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
      return leaveUnchanged(event, state);
  }
}

/** The client's `explore-side` store folds this; none of its events is an undo step. */
export const exploreSideFold: Fold<ExploreSideState, ExploreSideEvent> = { initialState, evolve };
