/**
 * Managing a dashboard from its title bar (charts-dashboards-reports §4 published toggle, §5 save body,
 * §6 messages, §7 PUT / copy / DELETE) as the page's facts and their fold: which write is under way, how
 * the last one failed, what a save would overwrite when someone else saved first (§3 overwrite
 * confirmation), and the users an owner may be chosen from (GET /api/v1/dashboard/related/owners). The
 * dashboard itself is the page's: a save lands there as `dashboardPage/propertiesSaved`.
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import { BUILT_IN_ROLES } from '../../platform/permissions/built-in-roles';
import type { OverwriteItem } from './overwrite-items';

export type DashboardWrite = 'publish' | 'properties' | 'css' | 'saveAs' | 'delete';

/** The dialogs whose save replaces the dashboard's fields, so may overwrite someone else's. */
export type FullSave = 'properties' | 'css';

/**
 * §3 overwriteConfirmMetadata: someone else saved the dashboard since the dialog read it. Nothing was
 * saved; the user's values wait in the dialog for Overwrite or Discard.
 */
export interface OverwriteConfirmation {
  write: FullSave;
  /** The latest saved version, which an overwrite names. */
  version: number | null;
  /** What saving the user's values would replace: theirs (oldValue) against the user's (newValue). */
  items: OverwriteItem[];
}

/** A user who may be made an owner, as the owners search answers it. */
export interface OwnerChoice {
  id: number;
  label: string;
  email?: string;
}

export type DashboardPropertiesEvent =
  /** A dialog was opened with the dashboard at `version`: an earlier failure is no longer shown. */
  | EventLike<'dashboardProperties/dialogOpened', { write: DashboardWrite; version: number | null }>
  /** Users whose names the page knows without asking (the current owners, the signed-in user). */
  | EventLike<'dashboardProperties/ownersKnown', { owners: OwnerChoice[] }>
  /** The user typed in the owners search (the request follows once the typing pauses). */
  | EventLike<'dashboardProperties/ownerSearchStarted', { text: string }>
  | EventLike<'dashboardProperties/ownersFound', { text: string; count: number; owners: OwnerChoice[] }>
  | EventLike<'dashboardProperties/ownerSearchFailed', { text: string; message: string }>
  /** The roles a dashboard may name (built-in and custom), as the server listed them when the dialog opened. */
  | EventLike<'dashboardProperties/rolesListed', { roles: string[] }>
  | EventLike<'dashboardProperties/writeStarted', { write: DashboardWrite }>
  | EventLike<'dashboardProperties/written', { write: DashboardWrite }>
  | EventLike<'dashboardProperties/writeFailed', { write: DashboardWrite; message: string }>
  /**
   * Someone else saved the dashboard since the dialog read it (a 409, or the CONFIRM_DASHBOARD_DIFF check
   * before saving); the latest was read. Nothing was saved: the user is asked to overwrite or discard.
   */
  | EventLike<'dashboardProperties/changedElsewhere', OverwriteConfirmation>
  /** The user dropped their edits for the latest saved values: the dialog's form starts again from them. */
  | EventLike<'dashboardProperties/changesDiscarded', { write: FullSave }>;

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
  failure: { write: DashboardWrite; message: string } | null;
  /** The version the open dialog's values were read at: a save claims them as based on it. */
  dialogVersion: number | null;
  overwriteConfirmMetadata: OverwriteConfirmation | null;
  /** How often the user discarded their edits: the dialog's form is made again from the latest values each time. */
  formResets: number;
  /** The label of every user seen (owners, the user, search results), by id: how chosen owners are shown. */
  ownerNames: Readonly<Record<string, string>>;
  ownerSearch: OwnerSearch;
  /**
   * The role picker's choices: the built-in roles until the server lists them with the custom ones (if it
   * cannot, the built-in ones stay offered and the server still checks what is saved).
   */
  roleChoices: string[];
}

const withNames = (names: Readonly<Record<string, string>>, owners: readonly OwnerChoice[]) =>
  owners.length === 0 ? names : { ...names, ...Object.fromEntries(owners.map((o) => [String(o.id), o.label])) };

const idleSearch = (): OwnerSearch => ({ text: '', status: 'idle', results: [], count: 0, message: null });

export const initialDashboardProperties = (): DashboardPropertiesState => ({
  writing: null,
  failure: null,
  dialogVersion: null,
  overwriteConfirmMetadata: null,
  formResets: 0,
  ownerNames: {},
  ownerSearch: idleSearch(),
  roleChoices: Object.keys(BUILT_IN_ROLES),
});

export function evolveDashboardProperties(
  state: DashboardPropertiesState,
  event: DashboardPropertiesEvent,
): DashboardPropertiesState {
  switch (event.type) {
    case 'dashboardProperties/dialogOpened':
      return { ...state, failure: null, dialogVersion: event.data.version, overwriteConfirmMetadata: null };
    case 'dashboardProperties/ownersKnown':
      return { ...state, ownerNames: withNames(state.ownerNames, event.data.owners) };
    case 'dashboardProperties/ownerSearchStarted':
      return {
        ...state,
        ownerSearch: { ...state.ownerSearch, text: event.data.text, status: 'searching', message: null },
      };
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
    case 'dashboardProperties/rolesListed':
      return { ...state, roleChoices: [...event.data.roles] };
    case 'dashboardProperties/writeStarted':
      return { ...state, writing: event.data.write, failure: null };
    case 'dashboardProperties/written':
      return { ...state, writing: null, failure: null, overwriteConfirmMetadata: null };
    case 'dashboardProperties/writeFailed': {
      // A failed overwrite (a 500, a 403) leaves the confirmation up: the user may try again.
      const { write, message } = event.data;
      return { ...state, writing: null, failure: { write, message } };
    }
    case 'dashboardProperties/changedElsewhere':
      return { ...state, writing: null, failure: null, overwriteConfirmMetadata: event.data };
    case 'dashboardProperties/changesDiscarded':
      return {
        ...state,
        failure: null,
        // The form now holds the latest values: a later save is based on their version.
        dialogVersion: state.overwriteConfirmMetadata?.version ?? state.dialogVersion,
        overwriteConfirmMetadata: null,
        formResets: state.formResets + 1,
      };
    default:
      return leaveUnchanged(event, state);
  }
}

export const dashboardPropertiesFold = {
  initialState: initialDashboardProperties,
  evolve: evolveDashboardProperties,
};
