/**
 * The full saves of Edit properties and Edit CSS (charts-dashboards-reports §7 PUT with the full save body, §5 rules) and what
 * happens when someone else saved the dashboard first (charts-dashboards-reports §3 overwrite confirmation, §6
 * CONFIRM_DASHBOARD_DIFF, REFERENCE §3.5): the user's values are never dropped; the latest is read, shown
 * on the page, and what saving would replace of it is recorded for the dialog to ask about.
 */
import {
  DashboardMessages,
  overwriteItems,
  type DashboardPropertiesEvent,
  type DashboardPropertiesState,
  type FullSave,
  type OwnerChoice,
} from '@strata/domain';
import type { FeatureStore } from '../../../shared/feature-store';
import { hasStatus, toClientError } from '../../api/api-error';
import { isStaleWrite } from '../api/dashboard-api';
import type { DashboardMetadata, DashboardOwner, DashboardRecord } from '../api/types';
import { parseMetadata, type DashboardFeature } from '../dashboard.feature';
import { readFilterConfiguration } from '../filters/native-filters';
import { dashboardSaveBody, type DashboardChanges } from './save-body';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

/** Shown in the dialog above what a save would overwrite, when someone else saved the dashboard first. */
export const PROPERTIES_CHANGED_ELSEWHERE =
  'Someone else saved this dashboard since you opened this dialog. Your changes are kept but not saved yet. Saving them would replace what is listed here: overwrite with yours, or discard yours for the latest saved values.';

/** The dashboard could not be read again after a refused save: the user's values stay in the dialog. */
export const LATEST_NOT_READ =
  'Someone else saved this dashboard since you opened this dialog, and its latest version could not be read. Your changes are kept: try saving again.';

export interface FullSaveDeps {
  store: FeatureStore<DashboardPropertiesState, DashboardPropertiesEvent>;
  dashboard: DashboardFeature;
  canEdit(): boolean;
  /** DASHBOARD_RBAC: roles are part of the body. */
  roleBasedAccess(): boolean;
  /** CONFIRM_DASHBOARD_DIFF: read the dashboard before saving, and ask rather than send a save that would be refused. */
  confirmDiff(): boolean;
  /** The server's answer to a save lands on the page. */
  adopt(saved: DashboardRecord): void;
  /** How an owner of the latest dashboard is listed by name. */
  ownerChoice(owner: DashboardOwner): OwnerChoice;
}

/** `save(write, changes, overwrite)`: true when saved; else the failure or the overwrite confirmation is in the store. */
export function fullSave({
  store,
  dashboard,
  canEdit,
  roleBasedAccess,
  confirmDiff,
  adopt,
  ownerChoice,
}: FullSaveDeps) {
  const { api } = dashboard;
  const current = () => dashboard.store.getState().dashboard;
  const failed = (write: FullSave, message: string) =>
    store.record([{ type: 'dashboardProperties/writeFailed', data: { write, message } }], MAY_LAND_IN_PAST);

  /** Someone else's latest save lands on the page (as the page's own re-read after a 409 does). */
  const showLatest = (latest: DashboardRecord, metadata: DashboardMetadata) => {
    const before = dashboard.store.getState().metadata;
    dashboard.store.record(
      [{ type: 'dashboardPage/configurationReloaded', data: { dashboard: latest, metadata } }],
      MAY_LAND_IN_PAST,
    );
    if (
      JSON.stringify(metadata.native_filter_configuration ?? []) !==
      JSON.stringify(before.native_filter_configuration ?? [])
    ) {
      void dashboard.filtersConfigured(readFilterConfiguration(metadata.native_filter_configuration));
    }
  };

  const readLatest = (id: number): Promise<DashboardRecord | null> => api.getDashboard(String(id)).catch(() => null);

  /** The latest saved dashboard as a save body, so both sides of the comparison follow the same rules. */
  const savedFields = (latest: DashboardRecord, metadata: DashboardMetadata): Record<string, unknown> => {
    const owners = (latest.owners ?? []).map((o) => o.id);
    const roles = (latest.roles ?? []).map((r) => (typeof r === 'string' ? r : r.name));
    const body = dashboardSaveBody(
      latest,
      metadata,
      { owners, ...(roleBasedAccess() ? { roles } : {}) },
      roleBasedAccess(),
    );
    return body.ok ? body.body : { ...latest, owners, roles };
  };

  /**
   * PUT the full body naming `version`. A 409 reads the latest, shows it on the page and lists what the
   * user's values would overwrite of it; when they would overwrite nothing of it (the other save changed
   * only what these dialogs do not send, as the layout), they are saved over it once without asking.
   */
  const put = async (
    write: FullSave,
    changes: DashboardChanges,
    body: Record<string, unknown>,
    id: number,
    version: number | null,
    mayRetry: boolean,
  ): Promise<boolean> => {
    try {
      adopt(await api.saveProperties(id, body, version ?? undefined));
      store.record([{ type: 'dashboardProperties/written', data: { write } }], MAY_LAND_IN_PAST);
      return true;
    } catch (error) {
      if (isStaleWrite(error)) {
        const latest = await readLatest(id);
        if (latest) return changedElsewhere(write, changes, latest, mayRetry);
        failed(write, LATEST_NOT_READ);
      } else if (hasStatus(error, 403)) {
        failed(write, DashboardMessages.NO_PERMISSION_TO_SAVE);
      } else {
        failed(write, toClientError(error).message);
      }
      return false;
    }
  };

  const changedElsewhere = async (
    write: FullSave,
    changes: DashboardChanges,
    latest: DashboardRecord,
    mayRetry: boolean,
  ): Promise<boolean> => {
    const metadata = parseMetadata(latest.json_metadata);
    showLatest(latest, metadata);
    // What fields the dialog leaves alone are theirs now: only the user's own values can overwrite.
    const yours = dashboardSaveBody(latest, metadata, changes, roleBasedAccess());
    if (!yours.ok) {
      failed(write, yours.problems.join('; '));
      return false;
    }
    const items = overwriteItems(savedFields(latest, metadata), yours.body);
    const version = latest.version ?? null;
    if (items.length === 0 && mayRetry) return put(write, changes, yours.body, latest.id, version, false);
    // Their owners are listed by name too.
    store.record(
      [
        { type: 'dashboardProperties/ownersKnown', data: { owners: (latest.owners ?? []).map(ownerChoice) } },
        { type: 'dashboardProperties/changedElsewhere', data: { write, version, items } },
      ],
      MAY_LAND_IN_PAST,
    );
    return false;
  };

  /**
   * A full save (properties or CSS). It claims the dialog's values as based on the version the dialog
   * read (an overwrite: the latest version, which the user has seen the differences from).
   */
  const save = async (write: FullSave, changes: DashboardChanges, overwrite: boolean): Promise<boolean> => {
    const d = current();
    const state = store.getState();
    if (!d || state.writing) return false;
    if (!canEdit()) {
      failed(write, DashboardMessages.NO_PERMISSION_TO_SAVE);
      return false;
    }
    const body = dashboardSaveBody(d, dashboard.store.getState().metadata, changes, roleBasedAccess());
    if (!body.ok) {
      failed(write, body.problems.join('; '));
      return false;
    }
    const confirmation =
      overwrite && state.overwriteConfirmMetadata?.write === write ? state.overwriteConfirmMetadata : null;
    const version = confirmation ? confirmation.version : (state.dialogVersion ?? d.version ?? null);
    // Refused while the page shows the past: nothing is sent then.
    if (store.record([{ type: 'dashboardProperties/writeStarted', data: { write } }]).length === 0) return false;
    if (!confirmation && confirmDiff()) {
      // CONFIRM_DASHBOARD_DIFF: ask before sending a save the server would refuse as stale.
      const latest = await readLatest(d.id);
      if (latest && (latest.version ?? 0) > (version ?? 0)) return changedElsewhere(write, changes, latest, true);
    }
    return put(write, changes, body.body, d.id, version, true);
  };

  return save;
}
