/**
 * Managing a dashboard from its title bar (publish, properties, CSS, save as, delete) as a fold: which
 * write is under way, how the last one failed, and the users an owner may be chosen from (a search of
 * GET /api/v1/dashboard/related/owners). The dashboard itself stays in the page's store: a save lands
 * there as `dashboard/propertiesSaved`.
 */
import type { EventLike } from '@strata/events';
import { unchanged } from '../../../shared/exhaustive';

export type DashboardWrite = 'publish' | 'properties' | 'css' | 'saveAs' | 'delete';

/** A user who may be made an owner, as the owners search answers it. */
export interface OwnerChoice {
  id: number;
  label: string;
  email?: string;
}

export type DashboardPropertiesEvent =
  /** A dialog was opened: an earlier failure is no longer shown. */
  | EventLike<'dashboardProperties/dialogOpened', { write: DashboardWrite }>
  /** Users whose names the page knows without asking (the current owners, the signed-in user). */
  | EventLike<'dashboardProperties/ownersKnown', { owners: OwnerChoice[] }>
  /** The user typed in the owners search (the request follows once the typing pauses). */
  | EventLike<'dashboardProperties/ownerSearchStarted', { text: string }>
  | EventLike<'dashboardProperties/ownersFound', { text: string; count: number; owners: OwnerChoice[] }>
  | EventLike<'dashboardProperties/ownerSearchFailed', { text: string; message: string }>
  | EventLike<'dashboardProperties/writeStarted', { write: DashboardWrite }>
  | EventLike<'dashboardProperties/written', { write: DashboardWrite }>
  /** `conflict`: refused because someone else changed the dashboard since it was read (409). */
  | EventLike<'dashboardProperties/writeFailed', { write: DashboardWrite; message: string; conflict: boolean }>;

export interface OwnerSearch {
  text: string;
  status: 'idle' | 'searching' | 'found' | 'failed';
  /** The page of matching users for `text`, and how many match in all. */
  results: OwnerChoice[];
  count: number;
  message: string | null;
}

export interface DashboardPropertiesState {
  writing: DashboardWrite | null;
  failure: { write: DashboardWrite; message: string; conflict: boolean } | null;
  /** The label of every user seen (owners, the user, search results), by id: how chosen owners are shown. */
  ownerNames: Readonly<Record<string, string>>;
  ownerSearch: OwnerSearch;
}

const withNames = (names: Readonly<Record<string, string>>, owners: readonly OwnerChoice[]) =>
  owners.length === 0 ? names : { ...names, ...Object.fromEntries(owners.map((o) => [String(o.id), o.label])) };

const idleSearch = (): OwnerSearch => ({ text: '', status: 'idle', results: [], count: 0, message: null });

export const dashboardPropertiesFold = {
  initialState: (): DashboardPropertiesState => ({ writing: null, failure: null, ownerNames: {}, ownerSearch: idleSearch() }),
  evolve(state: DashboardPropertiesState, event: DashboardPropertiesEvent): DashboardPropertiesState {
    switch (event.type) {
      case 'dashboardProperties/dialogOpened':
        return { ...state, failure: null };
      case 'dashboardProperties/ownersKnown':
        return { ...state, ownerNames: withNames(state.ownerNames, event.data.owners) };
      case 'dashboardProperties/ownerSearchStarted':
        return { ...state, ownerSearch: { ...state.ownerSearch, text: event.data.text, status: 'searching', message: null } };
      case 'dashboardProperties/ownersFound': {
        const { text, count, owners } = event.data;
        const ownerNames = withNames(state.ownerNames, owners);
        // An answer for text the user has typed past only teaches names.
        if (text !== state.ownerSearch.text) return { ...state, ownerNames };
        return { ...state, ownerNames, ownerSearch: { text, status: 'found', results: owners, count, message: null } };
      }
      case 'dashboardProperties/ownerSearchFailed':
        if (event.data.text !== state.ownerSearch.text) return state;
        return { ...state, ownerSearch: { ...state.ownerSearch, status: 'failed', message: event.data.message } };
      case 'dashboardProperties/writeStarted':
        return { ...state, writing: event.data.write, failure: null };
      case 'dashboardProperties/written':
        return { ...state, writing: null, failure: null };
      case 'dashboardProperties/writeFailed': {
        const { write, message, conflict } = event.data;
        return { ...state, writing: null, failure: { write, message, conflict } };
      }
      default:
        return unchanged(event, state);
    }
  },
};
