/**
 * One colour per label on all the charts of a dashboard (charts-dashboards-reports §3, §4 "Colour sync flags ... cleared once
 * pushed to the server, after a 500 ms debounce"). Charts tell which labels they drew; new labels get
 * the dashboard scheme's next colours; those who may edit the dashboard push the colour map and the
 * shared labels with PUT .../colors?mark_updated=false (a sync, not an edit: the dashboard's change time
 * stays), so the next visitor sees the same colours whatever order the charts load in.
 */
import { asyncScheduler, debounceTime, filter, type SchedulerLike, type Subscription } from 'rxjs';
import {
  colorsSyncBody,
  mustSyncColors,
  withChartLabels,
  type LabelColorMetadata,
  labelColorsFold,
  type LabelColorsEvent,
  type LabelColorsState,
} from '@strata/domain';
import type { EnvelopeOf, EventLike } from '@strata/events';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import type { HttpClient } from '../../api/http-client';
import { paletteOf } from '../../charts/viz/shared/color-schemes';

export const COLOR_SYNC_DEBOUNCE_MS = 500;

export interface LabelColorsDeps {
  context: ClientContext;
  http: Pick<HttpClient, 'put'>;
  /** Whether this user may write the dashboard's colours (owners and admins). */
  canEdit(): boolean;
  /** The server took these colour fields: the page's copy of the metadata should hold them too. */
  onStored?(dashboardId: number, colors: Record<string, unknown>): void;
  scheduler?: SchedulerLike;
}

export interface LabelColorsFeature {
  readonly store: FeatureStore<LabelColorsState, LabelColorsEvent>;
  /** A dashboard was opened, or its metadata read again (a new scheme starts over). */
  opened(dashboardId: number, metadata: Readonly<Record<string, unknown>>): void;
  /** A chart drew these labels (series or slices). */
  chartLabelsShown(chartId: number, labels: string[]): void;
  dispose(): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const stringsOf = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
const colorMapOf = (v: unknown): Record<string, string> | undefined =>
  isRecord(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : undefined;

/** The colour fields of json_metadata, as far as they are well-formed (dashboards from older versions vary). */
function colorMetadataOf(metadata: Readonly<Record<string, unknown>>): LabelColorMetadata {
  const shared = stringsOf(metadata.shared_label_colors) ?? colorMapOf(metadata.shared_label_colors);
  const fields: LabelColorMetadata = {
    label_colors: colorMapOf(metadata.label_colors),
    map_label_colors: colorMapOf(metadata.map_label_colors),
    shared_label_colors: shared,
    color_scheme_domain: stringsOf(metadata.color_scheme_domain),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as LabelColorMetadata;
}

export function createLabelColors({
  context,
  http,
  canEdit,
  onStored,
  scheduler = asyncScheduler,
}: LabelColorsDeps): LabelColorsFeature {
  const store = createFeatureStore<LabelColorsState, LabelColorsEvent>('dashboardColors', labelColorsFold, context);
  /** Every fact here comes from a load, a render or the server's answer: it may land in the past view. */
  const record = (event: LabelColorsEvent) => void store.record([event], MAY_LAND_IN_PAST);

  const push = async () => {
    const { dashboardId, colors } = store.getState();
    if (dashboardId === null || !colors || !mustSyncColors(colors) || !canEdit()) return;
    try {
      const body = colorsSyncBody(colors);
      await http.put(`/api/v1/dashboard/${dashboardId}/colors?mark_updated=false`, body);
      // The dashboard may have been left while the call was out: its flags are not this one's.
      if (store.getState().dashboardId !== dashboardId) return;
      record({ type: 'dashboardColors/synced', data: {} });
      onStored?.(dashboardId, body);
    } catch {
      // The flags stay set: the next change pushes everything again. Colours on screen are unaffected.
    }
  };

  const subscriptions: Subscription[] = [
    store.recorded$
      .pipe(
        filter((e: EnvelopeOf<EventLike>) => e.type !== 'dashboardColors/synced'),
        debounceTime(COLOR_SYNC_DEBOUNCE_MS, scheduler),
      )
      .subscribe(() => void push()),
  ];

  return {
    store,
    opened(dashboardId, metadata) {
      const scheme = typeof metadata.color_scheme === 'string' && metadata.color_scheme ? metadata.color_scheme : null;
      const palette = paletteOf(scheme ? { color_scheme: scheme } : {});
      record({
        type: 'dashboardColors/opened',
        data: { dashboardId, scheme, metadata: colorMetadataOf(metadata), palette },
      });
    },
    chartLabelsShown(chartId, labels) {
      // A redraw with the labels the chart told before changes nothing: no event for it.
      const { colors } = store.getState();
      if (colors && withChartLabels(colors, chartId, labels) === colors) return;
      record({ type: 'dashboardColors/chartLabelsShown', data: { chartId, labels } });
    },
    dispose() {
      for (const s of subscriptions) s.unsubscribe();
    },
  };
}
