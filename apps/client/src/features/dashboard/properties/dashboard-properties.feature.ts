import {
  asyncScheduler,
  catchError,
  debounceTime,
  filter,
  from,
  map,
  of,
  switchMap,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import {
  canWriteDashboard,
  DashboardMessages,
  normalizeDashboardSave,
  type PermissionSubject,
  type DashboardPageEvent,
  dashboardPropertiesFold,
  type DashboardPropertiesEvent,
  type DashboardPropertiesState,
  type DashboardWrite,
  type FullSave,
  type OwnerChoice,
} from '@strata/domain';
import { MAY_LAND_IN_PAST, createFeatureStore, type FeatureStore } from '../../../shared/feature-store';
import { hasStatus, toClientError } from '../../api/api-error';
import { parseMetadata, type DashboardFeature } from '../dashboard.feature';
import type { DashboardOwner, DashboardRecord } from '../api/types';
import { readFilterConfiguration } from '../filters/native-filters';
import { fullSave } from './full-save';
import { metadataToSave } from './save-body';

/** The signed-in user; names, when known, label them among the owners. */
export type PropertiesUser = PermissionSubject & { first_name?: string; last_name?: string; username?: string };

export interface DashboardPropertiesDeps {
  dashboard: DashboardFeature;
  user: () => PropertiesUser | null;
  /** DASHBOARD_RBAC: roles are part of the properties (read when needed: the server's flags may come later). */
  roleBasedAccess: () => boolean;
  /** CONFIRM_DASHBOARD_DIFF: a full save first reads the dashboard, and asks before overwriting a newer one. */
  confirmDiff?: () => boolean;
  /** Times the owners search's debounce (tests pass a virtual one). */
  scheduler?: SchedulerLike;
}

/** The properties dialog's fields. */
export interface PropertiesForm {
  title: string;
  slug: string;
  owners: number[];
  roles: string[];
  certifiedBy: string;
  certificationDetails: string;
  /** The Advanced field: json_metadata as JSON text. */
  jsonMetadata: string;
}

export interface DashboardPropertiesFeature {
  readonly store: FeatureStore<DashboardPropertiesState, DashboardPropertiesEvent>;
  readonly roleBasedAccess: boolean;
  /** Owners or admins with can_write on Dashboard (charts-dashboards-reports §6): publish, properties, CSS, delete. */
  canEdit(): boolean;
  /** can_write on Dashboard: save a copy. */
  canSaveAs(): boolean;
  dialogOpened(write: DashboardWrite): void;
  /** The owners search: active users whose name or username contains `text`, asked once the typing pauses. */
  searchOwners(text: string): void;
  togglePublished(): Promise<void>;
  /**
   * true when saved; else the failure, or what the save would overwrite of a dashboard someone else saved
   * since (`overwriteConfirmMetadata`, the page then shows their latest values), is in the state.
   * `overwrite`: the user confirmed, the values are saved over the latest version.
   */
  saveProperties(form: PropertiesForm, overwrite?: boolean): Promise<boolean>;
  saveCss(css: string, overwrite?: boolean): Promise<boolean>;
  /** The user keeps the latest saved values rather than overwrite them: the dialog's form starts again from them. */
  discardChanges(write: FullSave): void;
  /** The new dashboard's id, or null when the copy failed. */
  saveAs(input: { title: string; duplicateSlices: boolean }): Promise<number | null>;
  remove(): Promise<boolean>;
  dispose(): void;
}

/** How long the owners search waits for the typing to pause before it asks the server. */
export const OWNER_SEARCH_DEBOUNCE_MS = 300;

export { LATEST_NOT_READ, PROPERTIES_CHANGED_ELSEWHERE } from './full-save';

export const ownerLabel = (o: DashboardOwner) =>
  [o.first_name, o.last_name].filter(Boolean).join(' ') || o.username || `#${o.id}`;
const ownerChoice = (o: DashboardOwner): OwnerChoice => ({ id: o.id, label: ownerLabel(o) });

/**
 * The title bar's management of the dashboard (charts-dashboards-reports §4 published toggle, §5 save body, §6 messages, §7
 * PUT / copy / DELETE). Writes go through the page's API; what the server answers is recorded on the
 * page's store, so the title, badge and CSS follow at once.
 */
export function createDashboardProperties({
  dashboard,
  user,
  roleBasedAccess,
  confirmDiff = () => false,
  scheduler = asyncScheduler,
}: DashboardPropertiesDeps): DashboardPropertiesFeature {
  const store = createFeatureStore<DashboardPropertiesState, DashboardPropertiesEvent>(
    'dashboard-properties',
    dashboardPropertiesFold,
    dashboard.context,
  );
  const { api, toasts } = dashboard;
  const current = () => dashboard.store.getState().dashboard;
  const canEdit = () => dashboard.canEdit();

  const failed = (write: DashboardWrite, message: string) =>
    store.record([{ type: 'dashboardProperties/writeFailed', data: { write, message } }], MAY_LAND_IN_PAST);

  /** The server's answer lands on the page; a new refresh frequency in the metadata restarts the auto-refresh. */
  const adopt = (saved: DashboardRecord) => {
    const before = dashboard.store.getState().metadata;
    const metadata = parseMetadata(saved.json_metadata);
    const events: DashboardPageEvent[] = [
      { type: 'dashboardPage/propertiesSaved', data: { dashboard: saved, metadata } },
    ];
    if ((metadata.refresh_frequency ?? 0) !== (before.refresh_frequency ?? 0))
      events.push({
        type: 'dashboardPage/refreshFrequencyChanged',
        data: { seconds: metadata.refresh_frequency ?? 0 },
      });
    dashboard.store.record(events, MAY_LAND_IN_PAST);
    // Filters edited through the Advanced field: the filter bar follows.
    if (
      JSON.stringify(metadata.native_filter_configuration ?? []) !==
      JSON.stringify(before.native_filter_configuration ?? [])
    ) {
      void dashboard.filtersConfigured(readFilterConfiguration(metadata.native_filter_configuration));
    }
  };

  // Edit properties and Edit CSS, with the overwrite confirmation when someone else saved first.
  const save = fullSave({ store, dashboard, canEdit, roleBasedAccess, confirmDiff, adopt, ownerChoice });

  // The owners search asks once the typing pauses; an answer for text typed past is dropped (switchMap).
  const subscriptions: Subscription[] = [
    store.recorded$
      .pipe(
        filter((e) => e.type === 'dashboardProperties/ownerSearchStarted'),
        map((e) => (e.data as { text: string }).text),
        debounceTime(OWNER_SEARCH_DEBOUNCE_MS, scheduler),
        switchMap((text) =>
          from(api.relatedOwners(text)).pipe(
            map(({ count, owners }): DashboardPropertiesEvent => ({
              type: 'dashboardProperties/ownersFound',
              data: { text, count, owners },
            })),
            catchError((error: unknown) =>
              of<DashboardPropertiesEvent>({
                type: 'dashboardProperties/ownerSearchFailed',
                data: { text, message: `Users could not be searched: ${toClientError(error).message}` },
              }),
            ),
          ),
        ),
      )
      .subscribe((event) => store.record([event], MAY_LAND_IN_PAST)),
  ];

  return {
    store,
    get roleBasedAccess() {
      return roleBasedAccess();
    },
    canEdit,
    canSaveAs: () => canWriteDashboard(user()),
    dialogOpened(write) {
      store.record([
        { type: 'dashboardProperties/dialogOpened', data: { write, version: current()?.version ?? null } },
      ]);
      if (write !== 'properties') return;
      // The chosen owners are shown by name from the start; the search offers everyone else.
      const me = user();
      const known = [...(current()?.owners ?? []), ...(me?.id !== undefined ? [{ ...me, id: me.id }] : [])].map(
        ownerChoice,
      );
      store.record([
        { type: 'dashboardProperties/ownersKnown', data: { owners: known } },
        { type: 'dashboardProperties/ownerSearchStarted', data: { text: '' } },
      ]);
      // The role picker offers the custom roles too; if they cannot be read, the built-in ones stay offered.
      if (roleBasedAccess())
        api.relatedRoles().then(
          (roles) => store.record([{ type: 'dashboardProperties/rolesListed', data: { roles } }], MAY_LAND_IN_PAST),
          () => undefined,
        );
    },
    searchOwners(text) {
      if (text === store.getState().ownerSearch.text && store.getState().ownerSearch.status !== 'failed') return;
      store.record([{ type: 'dashboardProperties/ownerSearchStarted', data: { text } }]);
    },
    async togglePublished() {
      const d = current();
      if (!d || store.getState().writing) return;
      // charts-dashboards-reports §6: publishing without permission is refused with its message.
      if (!canEdit()) {
        toasts.danger(DashboardMessages.NO_PERMISSION_TO_PUBLISH);
        return;
      }
      // Refused while the page shows the past: nothing is sent then.
      if (store.record([{ type: 'dashboardProperties/writeStarted', data: { write: 'publish' } }]).length === 0) return;
      try {
        adopt(await api.setPublished(d.id, !d.published));
        store.record([{ type: 'dashboardProperties/written', data: { write: 'publish' } }], MAY_LAND_IN_PAST);
      } catch (error) {
        const message = hasStatus(error, 403)
          ? DashboardMessages.NO_PERMISSION_TO_PUBLISH
          : `The dashboard could not be ${d.published ? 'unpublished' : 'published'}: ${toClientError(error).message}`;
        failed('publish', message);
        toasts.danger(message);
      }
    },
    saveProperties: (form, overwrite = false) =>
      save(
        'properties',
        {
          dashboard_title: form.title,
          slug: form.slug,
          owners: form.owners,
          ...(roleBasedAccess() ? { roles: form.roles } : {}),
          certified_by: form.certifiedBy,
          certification_details: form.certificationDetails,
          // A new colour scheme starts the label colours over (save-body `withColorSchemeChange`).
          json_metadata: metadataToSave(form.jsonMetadata, dashboard.store.getState().metadata),
        },
        overwrite,
      ),
    saveCss: (css, overwrite = false) => save('css', { css }, overwrite),
    discardChanges(write) {
      if (store.getState().overwriteConfirmMetadata?.write !== write) return;
      store.record([{ type: 'dashboardProperties/changesDiscarded', data: { write } }]);
    },
    async saveAs({ title, duplicateSlices }) {
      const d = current();
      if (!d || store.getState().writing) return null;
      const state = dashboard.store.getState();
      // The copy's title follows the save body's rule: none is '[ untitled dashboard ]'.
      const normalized = normalizeDashboardSave({ dashboard_title: title }, { roleBasedAccess: false });
      const dashboard_title = normalized.ok ? normalized.body.dashboard_title : title;
      // Refused while the page shows the past: nothing is sent then.
      if (store.record([{ type: 'dashboardProperties/writeStarted', data: { write: 'saveAs' } }]).length === 0)
        return null;
      try {
        const { positions: _positions, ...metadata } = state.metadata;
        const copy = await api.copy(d.id, {
          dashboard_title,
          css: d.css ?? '',
          duplicate_slices: duplicateSlices,
          json_metadata: JSON.stringify(metadata),
        });
        store.record([{ type: 'dashboardProperties/written', data: { write: 'saveAs' } }], MAY_LAND_IN_PAST);
        toasts.success(`This dashboard was saved as "${dashboard_title}"`);
        return copy.id;
      } catch (error) {
        failed(
          'saveAs',
          hasStatus(error, 403) ? DashboardMessages.NO_PERMISSION_TO_SAVE : toClientError(error).message,
        );
        return null;
      }
    },
    async remove() {
      const d = current();
      if (!d || store.getState().writing) return false;
      if (!canEdit()) {
        failed('delete', DashboardMessages.NO_PERMISSION_TO_SAVE);
        return false;
      }
      // Refused while the page shows the past: nothing is sent then.
      if (store.record([{ type: 'dashboardProperties/writeStarted', data: { write: 'delete' } }]).length === 0)
        return false;
      try {
        await api.remove(d.id);
        store.record([{ type: 'dashboardProperties/written', data: { write: 'delete' } }], MAY_LAND_IN_PAST);
        toasts.success(`Deleted: ${d.dashboard_title}`);
        return true;
      } catch (error) {
        failed(
          'delete',
          hasStatus(error, 403) ? DashboardMessages.NO_PERMISSION_TO_SAVE : toClientError(error).message,
        );
        return false;
      }
    },
    dispose() {
      subscriptions.forEach((s) => s.unsubscribe());
    },
  };
}

// One management store per dashboard page (its events are on the time-travel timeline); the user and
// the DASHBOARD_RBAC and CONFIRM_DASHBOARD_DIFF flags are the latest the page was given.
type PageDeps = { user: () => PropertiesUser | null; roleBasedAccess: boolean; confirmDiff?: boolean };
const made = new WeakMap<DashboardFeature, { properties: DashboardPropertiesFeature; deps: PageDeps }>();

/** The page's management feature, made on first use; `update` hands it the latest user and flags. */
export function dashboardPropertiesOf(dashboard: DashboardFeature, update?: PageDeps): DashboardPropertiesFeature {
  let entry = made.get(dashboard);
  if (!entry) {
    const deps: PageDeps = { user: (): PropertiesUser | null => null, roleBasedAccess: false, confirmDiff: false };
    const properties = createDashboardProperties({
      dashboard,
      user: () => deps.user(),
      roleBasedAccess: () => deps.roleBasedAccess,
      confirmDiff: () => deps.confirmDiff === true,
    });
    entry = { properties, deps };
    made.set(dashboard, entry);
  }
  if (update) Object.assign(entry.deps, update);
  return entry.properties;
}
