import { parseDatasourceKey, type DatasourceMeta, type FormData, type SliceInfo } from '@strata/domain';
import { hasStatus, toClientError } from '../api/api-error';
import { pastMoment } from '../../shared/past-view/past-moment';
import type { ExploreCore } from './explore.feature';
import { MAY_LAND_IN_PAST } from '../../shared/feature-store';

/** The query parameters /explore/ reads (charts-dashboards-reports §2), plus the permalink key of /explore/p/{key}/. */
export interface ExploreUrlParams {
  slice_id?: string | null;
  datasource_id?: string | null;
  datasource_type?: string | null;
  /** '{id}__{type}' */
  datasource?: string | null;
  form_data_key?: string | null;
  permalink_key?: string | null;
  viz_type?: string | null;
  force?: string | null;
  /** The saved chart as it was at a log position or ISO time (issue 13), read-only; only with slice_id. */
  as_of?: string | null;
}

/** How an open runs, beyond what the address says. */
export interface ExploreOpenOptions {
  /** False: the chart's data is not queried (the chart as it was in a replay, issue 13 item 4). */
  queries?: boolean;
  /**
   * The form as it was kept under a form_data key at `as_of` (a replay's step while the user built an
   * unsaved chart): opened read-only instead of what the address names; with slice_id, over that chart.
   */
  formData?: Record<string, unknown>;
}

/** Superset falls back to the chart or dataset the address names when a form_data_key is gone. */
export const FORM_DATA_LOST =
  'The unsaved changes of this chart are no longer kept (the link expired): showing the chart or dataset it was built from.';

const ownerId = (o: { id: number } | number) => (typeof o === 'number' ? o : o.id);

/**
 * Opening Explore: a saved chart, a permalink, a stored form, or a dataset. What was found becomes one
 * OpenExplore (hydration, never an undo step); a valid chart then runs its query at once, unless the
 * caller says no query may run.
 */
export function openActions(core: ExploreCore, loadDatasource: (id: number) => Promise<DatasourceMeta>) {
  return async function open(
    params: ExploreUrlParams,
    { queries = true, formData: formAsItWas }: ExploreOpenOptions = {},
  ): Promise<void> {
    const requestId = core.context.newId();
    // A past view (?as_of=) names a saved chart or gives the form of then: the open reads it as it was, and Explore is read-only.
    const asOf = (params.slice_id || formAsItWas) && params.as_of?.trim() ? params.as_of.trim() : null;
    const superseded = () => core.side.getState().opening !== requestId;
    core.side.record(
      [
        { type: 'exploreSide/openStarted', data: { requestId } },
        ...(asOf ? [{ type: 'exploreSide/pastViewOpened' as const, data: { requestId, asOf, queries } }] : []),
      ],
      MAY_LAND_IN_PAST,
    );
    try {
      let formData: Partial<FormData> & Record<string, unknown> = {};
      let slice: SliceInfo | null = null;
      let isStarred = false;
      if (formAsItWas) formData = { ...formAsItWas };
      else if (params.permalink_key) formData = { ...(await core.api.getPermalink(params.permalink_key)).formData };
      else if (params.form_data_key) {
        // An expired key (or one this user may not read) opens what the rest of the address names, and says so.
        formData = await core.api.getFormDataByKey(params.form_data_key).catch((error: unknown) => {
          if (!hasStatus(error, 404) && !hasStatus(error, 403)) throw error;
          core.toasts.warning(FORM_DATA_LOST);
          return {};
        });
      }

      const sliceId = Number(params.slice_id ?? formData.slice_id);
      if (Number.isInteger(sliceId) && sliceId > 0) {
        const chart = await core.api.getChart(sliceId, asOf ?? undefined).catch((error: unknown) => {
          throw asOf && hasStatus(error, 404) ? new Error(`This chart did not exist ${pastMoment(asOf)}.`) : error;
        });
        const saved = chart.params ? (JSON.parse(chart.params) as Record<string, unknown>) : {};
        // A permalink of a saved chart carries its edits: they win over the saved params.
        formData = {
          ...saved,
          ...formData,
          slice_id: sliceId,
          viz_type: chart.viz_type,
          datasource: `${chart.datasource_id}__${chart.datasource_type}`,
        };
        slice = {
          slice_id: chart.id,
          slice_name: chart.slice_name,
          owners: (chart.owners ?? []).map(ownerId),
          dashboards: (chart.dashboards ?? []).map((d) => d.id),
        };
        isStarred =
          (await core.api.favoriteStatus([chart.id]).catch(() => ({}) as Record<number, boolean>))[chart.id] ?? false;
      }
      if (params.viz_type) formData = { ...formData, viz_type: params.viz_type };

      const key =
        params.datasource ??
        (params.datasource_id
          ? `${params.datasource_id}__${params.datasource_type ?? 'table'}`
          : (formData.datasource as string | undefined));
      const ref = key ? parseDatasourceKey(key) : null;
      // Nothing to open: the page offers the dataset picker.
      if (!ref) return;
      const datasource = await loadDatasource(ref.id);
      // A later open (the replay stepping on, the address changing) replaced this one: it shows its own chart.
      if (superseded()) return;
      core.execute({ type: 'OpenExplore', data: { datasource, formData, slice, isStarred } }, { whilePast: 'allowed' });
      if (queries && Object.keys(core.store.getState().validationErrors).length === 0) {
        core.execute(
          {
            type: 'TriggerQuery',
            data: { queryId: core.context.newId(), at: core.now(), force: params.force === 'true' },
          },
          { silent: true, whilePast: 'allowed' },
        );
      }
    } catch (error) {
      if (!superseded()) core.errors.show(toClientError(error), 'Could not open the chart');
    } finally {
      core.side.record([{ type: 'exploreSide/openFinished', data: { requestId } }], MAY_LAND_IN_PAST);
    }
  };
}
