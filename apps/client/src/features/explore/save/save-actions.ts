import {
  canAddChart,
  canOverwriteChart,
  ErrorMessages,
  ExploreMessages,
  formatMessage,
  formDataForSave,
  SaveAction,
  saveToasts,
  type FormData,
} from '@strata/domain';
import { toClientError } from '../../api/api-error';
import { copyToClipboard } from '../../errors/clipboard';
import type { ChartPayload } from '../api/explore-api';
import { chartDataRequest } from '../data/chart-request';
import type { ExploreCore } from '../explore.feature';
import { absoluteUrl } from '../../../shared/absolute-url';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export type DashboardChoice = { kind: 'existing'; id: number } | { kind: 'new'; title: string } | null;

export interface SaveRequest {
  action: SaveAction;
  sliceName: string;
  dashboard: DashboardChoice;
}

export interface SaveActions {
  openSaveModal(userName: string): Promise<void>;
  closeSaveModal(): void;
  /** charts-dashboards-reports §4 Save chart. Resolves to the saved chart's id, or null when it failed (the modal says why). */
  save(request: SaveRequest): Promise<number | null>;
  /** Creates an Explore permalink and copies it (charts-dashboards-reports §7 POST /api/v1/explore/permalink). */
  copyPermalink(urlParams: [string, string][]): Promise<string | null>;
}

export function saveActions(core: ExploreCore): SaveActions {
  const alert = (message: string) =>
    core.side.record([{ type: 'exploreSide/saveModalAlerted', data: { message } }], MAY_LAND_IN_PAST);

  function payload(formData: FormData, sliceName: string, dashboards: number[]): ChartPayload {
    const datasource = core.store.getState().datasource!;
    const params = formDataForSave(formData);
    return {
      slice_name: sliceName,
      viz_type: formData.viz_type,
      params: JSON.stringify(params),
      datasource_id: datasource.id,
      datasource_type: datasource.type,
      dashboards,
      query_context: JSON.stringify(chartDataRequest(params, datasource, {})),
    };
  }

  return {
    async openSaveModal(userName) {
      core.side.record([{ type: 'exploreSide/saveModalOpened', data: {} }]);
      try {
        core.side.record(
          [{ type: 'exploreSide/dashboardsLoaded', data: { dashboards: await core.api.listDashboards() } }],
          MAY_LAND_IN_PAST,
        );
      } catch {
        alert(formatMessage(ExploreMessages.FETCH_DASHBOARDS_FAILED, userName));
      }
    },
    closeSaveModal: () => void core.side.record([{ type: 'exploreSide/saveModalClosed', data: {} }]),
    async save({ action, sliceName, dashboard }) {
      const state = core.store.getState();
      const { canAdd, canOverwrite } = permissions(core);
      const name = sliceName.trim();
      if (!state.datasource || !name) {
        alert('Chart name is required');
        return null;
      }
      if (action === SaveAction.OVERWRITE ? !canOverwrite : !canAdd) {
        alert(formatMessage(FORBIDDEN_EDIT, 'chart'));
        return null;
      }
      // Refused while the page shows the past: nothing is sent then.
      if (core.side.record([{ type: 'exploreSide/saveStarted', data: {} }]).length === 0) return null;
      try {
        let target: { id: number; title: string; isNew: boolean } | null = null;
        if (dashboard?.kind === 'new') {
          const created = await core.api.createDashboard(dashboard.title.trim());
          target = { id: created.id, title: created.dashboard_title, isNew: true };
        } else if (dashboard?.kind === 'existing') {
          const known = core.side.getState().saveModal.dashboards.find((d) => d.id === dashboard.id);
          target = { id: dashboard.id, title: known?.dashboard_title ?? String(dashboard.id), isNew: false };
        }
        const keep = action === SaveAction.OVERWRITE ? (state.slice?.dashboards ?? []) : [];
        const dashboards = [...new Set([...keep, ...(target ? [target.id] : [])])];
        const body = payload(state.formData, name, dashboards);
        const saved =
          action === SaveAction.OVERWRITE && state.slice
            ? await core.api.updateChart(state.slice.slice_id, body)
            : await core.api.createChart(body);
        const id = saved.id;
        const owners = (saved.result?.owners ?? []).map((o) => (typeof o === 'number' ? o : o.id));
        core.execute(
          {
            type: 'RecordSliceSaved',
            data: {
              slice: {
                slice_id: id,
                slice_name: name,
                owners: owners.length ? owners : (state.slice?.owners ?? []),
                dashboards,
              },
            },
          },
          { whilePast: 'allowed' },
        );
        core.side.record([{ type: 'exploreSide/saveModalClosed', data: {} }], MAY_LAND_IN_PAST);
        for (const text of saveToasts({
          action,
          sliceName: name,
          dashboard: target ? { title: target.title, isNew: target.isNew } : null,
        }))
          core.toasts.success(text);
        return id;
      } catch (error) {
        // charts-dashboards-reports §4: a failure sets 'Failed to save slice'; the server's reason follows it.
        const reason = toClientError(error).message;
        alert(reason ? `${ExploreMessages.SAVE_FAILED}: ${reason}` : ExploreMessages.SAVE_FAILED);
        return null;
      }
    },
    async copyPermalink(urlParams) {
      try {
        const url = absoluteUrl((await core.api.createPermalink(core.store.getState().formData, urlParams)).url);
        if (await copyToClipboard(url)) core.toasts.success(ErrorMessages.COPIED_TO_CLIPBOARD);
        else core.toasts.info(url);
        return url;
      } catch (error) {
        core.errors.show(toClientError(error), 'Could not create a permalink');
        return null;
      }
    },
  };
}

/** charts-dashboards-reports §6 A Forbidden save. */
const FORBIDDEN_EDIT = 'You do not have permission to edit this %s';

function permissions(core: ExploreCore) {
  const u = core.user();
  const slice = core.store.getState().slice;
  return { canAdd: canAddChart(u), canOverwrite: slice !== null && canOverwriteChart(u, slice.owners) };
}
