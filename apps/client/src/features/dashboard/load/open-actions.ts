/**
 * Opening a dashboard (charts-dashboards-reports §2 URL parameters, §4 loading): the dashboard, its
 * charts and datasets, the filter bar's first values (URL, permalink or defaults), the tabs shown, then
 * the charts' first queries in reading order and the star.
 */
import { canEditDashboardLayout, isEditModeOn, toPositionJson, type PermissionSubject } from '@strata/domain';
import { hasStatus, toClientError } from '../../api/api-error';
import { pastMoment } from '../../../shared/past-view/past-moment';
import type { DashboardMetadata, DashboardPermalinkState } from '../api/types';
import type { DashboardCore } from '../dashboard-core';
import type { FilterActions } from '../filters/filter-actions';
import { readFilterConfiguration } from '../filters/native-filters';
import { waitsForRequiredFilters } from '../filters/scope';
import { chartComponent, chartIdsInOrder, readLayout, type Layout } from '../grid/layout';
import type { ViewActions } from '../grid/view-actions';
import { initialDataMask, keptCrossFilters, type DashboardUrlState } from '../url/dashboard-url';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface OpenActions {
  open(idOrSlug: string, url: DashboardUrlState, permalink?: DashboardPermalinkState): Promise<void>;
}

export function parseMetadata(value: unknown): DashboardMetadata {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value ? (JSON.parse(value) as unknown) : {};
    } catch {
      parsed = {};
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as DashboardMetadata) : {};
}

/** The default active tabs: the first tab of every TABS on the way down the first tabs. */
function defaultActiveTabs(layout: Layout): string[] {
  return Object.values(layout)
    .filter((item) => item.type === 'TABS' && item.children.length > 0)
    .map((item) => item.children[0]!);
}

export function openActions(
  core: DashboardCore,
  deps: {
    user: () => PermissionSubject | null;
    /** A newer open aborts the chart requests of the page it replaces. */
    abortCharts(): void;
    reveal: ViewActions['reveal'];
    loadFilterOptions: FilterActions['loadFilterOptions'];
  },
): OpenActions {
  const { store, api, toasts, context } = core;
  return {
    async open(idOrSlug, url, permalink) {
      const requestId = context.newId();
      deps.abortCharts();
      // A past view (?as_of=, issue 13) is part of the load: the page is read-only until the next one.
      const asOf = permalink ? null : url.asOf;
      // Edit mode's unsaved draft of then (the replay of an editor): what the editors saw instead of the saved layout.
      const draft = asOf ? url.pastDraft : null;
      store.record(
        [
          { type: 'dashboardPage/loadStarted', data: { requestId, idOrSlug } },
          ...(asOf
            ? [
                {
                  type: 'dashboardPage/pastViewOpened' as const,
                  data: { requestId, asOf, queries: url.pastQueries, unsavedDraft: draft !== null },
                },
              ]
            : []),
        ],
        MAY_LAND_IN_PAST,
      );
      try {
        const dashboard = await api.getDashboard(idOrSlug, asOf ?? undefined);
        const positionJson = draft ? toPositionJson(draft) : dashboard.position_json;
        const placed = chartIdsInOrder(readLayout(positionJson).layout);
        // Then: the charts of the past layout as they were (the dashboard's /charts and /datasets are today's).
        const charts = asOf
          ? await api.getChartsAsOf(placed.length ? placed : (dashboard.chart_ids ?? []), asOf)
          : await api.getCharts(dashboard.id, [...new Set([...placed, ...(dashboard.chart_ids ?? [])])]);
        const datasets = await (asOf ? api.getDatasetsOf(charts) : api.getDatasets(dashboard.id, charts)).then(
          (d) => ({ ok: true as const, d }),
          () => ({ ok: false as const, d: [] }),
        );
        const metadata = parseMetadata(dashboard.json_metadata);
        const { layout, problems } = readLayout(
          positionJson,
          charts.map((c) => c.id),
        );
        if (problems.length)
          toasts.warning(`This dashboard's layout could not be read; its charts are shown one per row. ${problems[0]}`);
        const filterItems = readFilterConfiguration(metadata.native_filter_configuration);
        // The filters, cross-filters and tabs kept for this page: a permalink's, else the address's native_filters_key.
        const kept =
          permalink ??
          (asOf
            ? url.pastDataMask
              ? { dataMask: url.pastDataMask }
              : undefined
            : await keptFilterState(core, dashboard.id, url.nativeFiltersKey));
        // The loaded dashboard's own switch (the store still holds the previous one's metadata).
        const crossFilters = core.crossFiltersEnabled() && metadata.cross_filters_enabled !== false;
        const dataMask = {
          ...initialDataMask(filterItems, url, (kept?.dataMask ?? {}) as never),
          ...(crossFilters
            ? keptCrossFilters(
                kept?.dataMask ?? {},
                charts.map((c) => c.id),
              )
            : {}),
        };
        let activeTabs = kept?.activeTabs?.filter((id) => layout[id]?.type === 'TAB') ?? [];
        if (activeTabs.length === 0) activeTabs = defaultActiveTabs(layout);
        const me = deps.user();
        store.record(
          [
            {
              type: 'dashboardPage/loaded',
              data: {
                requestId,
                dashboard,
                metadata,
                layout,
                charts,
                datasets: datasets.d,
                datasetsStatus: datasets.ok ? 'complete' : 'error',
                filterItems,
                dataMask,
                activeTabs,
                // charts-dashboards-reports §2: edit mode only with edit permission and edit=true.
                editMode:
                  !asOf &&
                  isEditModeOn({ edit: canEditDashboardLayout(me, { owners: dashboard.owners ?? [] }) }, url.editParam),
                focusedChartId: url.focusedChartId,
                soloChartId: url.params.sliceId ?? null,
              },
            },
          ],
          MAY_LAND_IN_PAST,
        );
        const anchor = permalink?.anchor ?? (url.anchor || (kept?.anchor ?? ''));
        if (anchor) deps.reveal(anchor);
        if (url.focusedChartId !== null) {
          const component = chartComponent(layout, url.focusedChartId);
          if (component) deps.reveal(component.id);
        }
        api.favoriteStatus([dashboard.id]).then(
          (status) => {
            if (status[dashboard.id]) store.record([{ type: 'dashboardPage/favorited', data: {} }], MAY_LAND_IN_PAST);
          },
          () => undefined,
        );
        // Charts load at once, in reading order; those behind a required filter wait for its value.
        if (!waitsForRequiredFilters(core.filterContext()))
          for (const chartId of core.loadableCharts()) core.refreshChart(chartId, url.params.force);
        deps.loadFilterOptions();
      } catch (error) {
        const message =
          asOf && hasStatus(error, 404)
            ? `This dashboard did not exist ${pastMoment(asOf)}.`
            : toClientError(error).message;
        store.record([{ type: 'dashboardPage/loadFailed', data: { requestId, message } }], MAY_LAND_IN_PAST);
      }
    },
  };
}

export const FILTER_STATE_UNREADABLE =
  'The filters kept under this address could not be read (expired or not yours to read): the dashboard opens with its defaults.';

/** The filter state under the address's native_filters_key (issue 16), or none (with a warning when unreadable). */
async function keptFilterState(
  core: DashboardCore,
  dashboardId: number,
  key: string | null,
): Promise<DashboardPermalinkState | undefined> {
  if (!key) return undefined;
  try {
    const state = await core.api.getFilterState(dashboardId, key);
    return {
      dataMask: state.dataMask,
      activeTabs: state.activeTabs ?? [],
      ...(state.anchor ? { anchor: state.anchor } : {}),
    };
  } catch {
    core.toasts.warning(FILTER_STATE_UNREADABLE);
    return undefined;
  }
}
