/**
 * What the history and "as it was" reads need of each kind of object: the streams that belong to it, and,
 * for the kinds with an `as_of` read, the pure fold its read model uses, the read model's table and the
 * SELECT and serializer of its plain GET, so a past state is answered in today's shape.
 */
import { chartStream, dashboardColorsStream, dashboardStream, datasetStream, savedQueryStream } from '@strata/domain';
import type { Envelope } from '@strata/events';
import { chartJson, CHART_SELECT, type ChartRow } from '../charts/chart-json';
import { chartsFold } from '../charts/chart.projection';
import { dashboardsFold } from '../dashboards/dashboard.projection';
import { dashboardJson, DASHBOARD_SELECT, type DashboardRow } from '../dashboards/dashboards.service';
import { datasetJson, DATASET_SELECT, type DatasetRow } from '../datasets/dataset-json';
import { datasetsFold } from '../datasets/dataset.projection';
import { streamsOfObject } from '../objects/object-streams';
import type { Row } from '../projections/fold-projection';
import { savedQueryFold } from '../sqllab/saved-queries/saved-query.projection';
import { savedQueryJson, SAVED_QUERY_SELECT } from '../sqllab/saved-queries/saved-queries.service';

export const OBJECT_KINDS = ['dashboard', 'chart', 'dataset', 'saved_query', 'database'] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

/** The streams whose events are the object's intents (objects/object-streams.ts, as the audit view reads them). */
export const streamsOf = (kind: ObjectKind, id: number): string[] => streamsOfObject({ type: kind, id });

/** The read model that holds each kind's live objects (key `id`): a row there means the object exists now. */
export const TABLES: Record<ObjectKind, string> = {
  dashboard: 'dashboards',
  chart: 'charts',
  dataset: 'datasets',
  saved_query: 'saved_query',
  database: 'databases',
};

/** A read model's fold as the past-state read runs it: any of its events, in stream order. */
export interface PastFold {
  readonly handles: readonly string[];
  evolve(row: Row | null, event: Envelope): Row | null;
}

/** A kind whose past state `GET /api/v1/<kind>/<id>?as_of=` answers. */
export interface PastKind {
  readonly kind: Exclude<ObjectKind, 'database'>;
  /** The streams the fold reads (a dashboard's draft and stars never change its saved row). */
  readonly foldStreams: (id: number) => string[];
  /** The read model's own fold: `(row | null, event) -> row | null` and the event types it handles. */
  readonly fold: PastFold;
  /** The read model's table (one row per object, key `id`): its row type turns JSON back into columns. */
  readonly table: string;
  /**
   * The plain GET's SELECT, run with a CTE of the same name as `table` holding the past row, so its joins
   * (owners' names, database names) are today's and its columns the table's.
   */
  readonly select: string;
  /** Extra CTEs over the past row for views the SELECT reads (a dashboard's `dashboard_slices`). */
  readonly views?: string;
  /** The plain GET's serializer, given a row of `select`. */
  readonly serialize: (row: never) => unknown;
  /** Who owned it then: when the object is deleted since, only admins and they may see its past. */
  readonly ownersOf: (row: Row) => number[];
}

// Each fold is typed by its own row and events; here they are run on rows and events of their own kind only.
const pastFold = (fold: unknown) => fold as PastFold;
const owners = (row: Row) => (row as { owners: number[] }).owners;

export const PAST_KINDS: Record<PastKind['kind'], PastKind> = {
  chart: {
    kind: 'chart',
    foldStreams: (id) => [chartStream(id)],
    fold: pastFold(chartsFold),
    table: 'charts',
    select: CHART_SELECT,
    serialize: (row: ChartRow) => chartJson(row),
    ownersOf: owners,
  },
  dashboard: {
    kind: 'dashboard',
    foldStreams: (id) => [dashboardStream(id), dashboardColorsStream(id)],
    fold: pastFold(dashboardsFold),
    table: 'dashboards',
    select: DASHBOARD_SELECT,
    // The view `dashboard_slices` reads the table, not the CTE: the same view over the past row.
    views: `dashboard_slices AS (SELECT d.id AS dashboard_id, s.slice_id FROM dashboards d CROSS JOIN LATERAL unnest(d.slice_ids) AS s(slice_id))`,
    serialize: (row: DashboardRow) => dashboardJson(row),
    ownersOf: owners,
  },
  dataset: {
    kind: 'dataset',
    foldStreams: (id) => [datasetStream(id)],
    fold: pastFold(datasetsFold),
    table: 'datasets',
    select: DATASET_SELECT,
    serialize: (row: DatasetRow) => datasetJson(row),
    ownersOf: owners,
  },
  saved_query: {
    kind: 'saved_query',
    foldStreams: (id) => [savedQueryStream(id)],
    fold: pastFold(savedQueryFold),
    table: 'saved_query',
    select: SAVED_QUERY_SELECT,
    serialize: savedQueryJson,
    ownersOf: (row) => [(row as { created_by_fk: number }).created_by_fk],
  },
};
