/**
 * The annotation queries of charts-dashboards-reports §4 for Explore's chart (issue 16 item 2), folded by
 * the domain's annotationQueryFold on their own store. After each chart answer, every shown layer of the
 * form it ran: without a source type it is skipped (a formula is computed where it is drawn); with one it
 * starts (aborting an earlier query of the same name, whose answer is then never recorded), then
 * succeeds with the layer's data the chart answer carries, or asks the annotation data endpoint, which
 * gives the data or the reason it failed ('Network error.' when no answer came).
 */
import { filter, type Subscription } from 'rxjs';
import {
  annotationQueryFold,
  ErrorType,
  requiresQuery,
  supersededAnnotationQuery,
  type AnnotationData,
  type AnnotationLayer,
  type AnnotationQueryEvent,
  type AnnotationQueryState,
  type ExploreEvent,
} from '@strata/domain';
import { ApiError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import { createFeatureStore, MAY_LAND_IN_PAST, ofType, type FeatureStore } from '../../../shared/feature-store';
import type { ExploreCore } from '../explore.feature';

/** Explore's one chart in the annotation state (dashboards would key by slice id). */
export const EXPLORE_CHART = 'explore';

export interface AnnotationQueries {
  readonly store: FeatureStore<AnnotationQueryState, AnnotationQueryEvent>;
  /** Runs the layers' queries after each chart answer. */
  followChart(): Subscription;
}

const shownLayers = (formData: Readonly<Record<string, unknown>> | null): AnnotationLayer[] =>
  (Array.isArray(formData?.annotation_layers) ? (formData.annotation_layers as AnnotationLayer[]) : []).filter(
    (l) => l && typeof l.name === 'string' && l.show !== false,
  );

/** The request, or an AbortError once the signal fires (HttpClient takes no signal: raced, as chart data does). */
function abortable<T>(request: Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true }),
  );
  return Promise.race([request, aborted]);
}

export function annotationQueries(core: ExploreCore, http: HttpClient): AnnotationQueries {
  const store = createFeatureStore<AnnotationQueryState, AnnotationQueryEvent>(
    'explore-annotations',
    annotationQueryFold,
    core.context,
  );
  const chart = EXPLORE_CHART;
  /** The abort controller of each query under way, by request id. */
  const controllers = new Map<string, AbortController>();

  async function run(layer: AnnotationLayer, formData: Record<string, unknown>, answered: unknown) {
    const { name } = layer;
    if (!requiresQuery(layer)) {
      store.record([{ type: 'annotation/querySkipped', data: { chart, name } }], MAY_LAND_IN_PAST);
      return;
    }
    // §4: a start aborts the earlier query of the same name (its answer is no longer waited for or recorded).
    const earlier = supersededAnnotationQuery(store.getState(), chart, name);
    if (earlier) controllers.get(earlier)?.abort();
    const requestId = core.context.newId();
    store.record([{ type: 'annotation/queryStarted', data: { chart, name, requestId } }], MAY_LAND_IN_PAST);
    if (answered !== undefined) {
      store.record(
        [{ type: 'annotation/querySucceeded', data: { chart, name, requestId, data: answered as AnnotationData } }],
        MAY_LAND_IN_PAST,
      );
      return;
    }
    const controller = new AbortController();
    controllers.set(requestId, controller);
    try {
      const res = await abortable(
        http.post<{ result: { name: string; data: AnnotationData } }>('/api/v1/chart/annotation_data', {
          annotation_layer: layer,
          form_data: formData,
        }),
        controller.signal,
      );
      store.record(
        [{ type: 'annotation/querySucceeded', data: { chart, name, requestId, data: res.result.data } }],
        MAY_LAND_IN_PAST,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      // No answer at all (a network failure or time-out) is §8's 'Network error.'; otherwise the server's reason.
      const reached =
        error instanceof ApiError &&
        error.error.error_type !== ErrorType.FRONTEND_NETWORK_ERROR &&
        error.error.error_type !== ErrorType.FRONTEND_TIMEOUT_ERROR;
      store.record(
        [
          {
            type: 'annotation/queryFailed',
            data: { chart, name, requestId, ...(reached ? { error: error.error.message } : {}) },
          },
        ],
        MAY_LAND_IN_PAST,
      );
    } finally {
      controllers.delete(requestId);
    }
  }

  return {
    store,
    followChart: () =>
      core.store.recorded$
        .pipe(filter(ofType<ExploreEvent, 'explore/chartLoaded'>('explore/chartLoaded')))
        .subscribe((event) => {
          const formData = (core.store.getState().chart.latestQueryFormData ?? null) as Record<string, unknown> | null;
          const first = event.data.queriesResponse[0] as { annotation_data?: Record<string, unknown> } | undefined;
          for (const layer of shownLayers(formData))
            void run(layer, formData ?? {}, first?.annotation_data?.[layer.name]);
        }),
  };
}
