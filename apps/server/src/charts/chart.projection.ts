/**
 * `charts` and `chart_favorites` as folds of the `chart:<id>` streams (projections/CONTEXT.md), written in
 * the append's transaction and rebuilt together under the name `charts`.
 */
import {
  CHART_EDIT_EVENTS,
  chartEditFields,
  type ChartCreated,
  type ChartEvent,
  type ChartFavorited,
} from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { actorUserId, streamNumber } from '../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../projections/fold-projection';
import { projectionGroup } from '../projections/projection-group';

type ChartEnvelope = EnvelopeOf<ChartEvent>;

/** Who last changed a row and when (ISO text, as `to_jsonb` gives a timestamptz), at which stream version. */
interface Stamp {
  changed_by_fk: number | null;
  changed_on: string;
  /** The version of the last event applied to the chart. */
  version: number;
}

/** A row of `charts`: the fields a chart is created with, who created it, and the last change's stamp. */
export type ChartsRow = ChartCreated['data'] &
  Stamp & {
    created_by_fk: number | null;
    created_on: string;
  };

/** A row of `chart_favorites`: a user's star on a chart, since when. */
export type ChartFavoriteRow = {
  chart_id: number;
  user_id: ChartFavorited['data']['userId'];
  created_on: string;
};

const stamp = (event: ChartEnvelope): Stamp => ({
  changed_by_fk: actorUserId(event),
  changed_on: event.meta.at,
  version: event.version,
});

export const chartsFold: FoldProjection<ChartsRow, ChartEnvelope> = {
  name: 'charts',
  table: 'charts',
  key: ['id'],
  handles: ['chart/chartCreated', ...CHART_EDIT_EVENTS, 'chart/chartDeleted'],
  rowsOf: (event) => ({ id: event.type === 'chart/chartCreated' ? event.data.id : streamNumber(event.stream) }),
  evolve(row, event) {
    switch (event.type) {
      case 'chart/chartCreated': {
        const d = event.data;
        return {
          id: d.id,
          slice_name: d.slice_name,
          viz_type: d.viz_type,
          datasource_id: d.datasource_id,
          datasource_type: d.datasource_type,
          params: d.params,
          query_context: d.query_context,
          description: d.description,
          cache_timeout: d.cache_timeout,
          owners: d.owners,
          certified_by: d.certified_by,
          certification_details: d.certification_details,
          created_by_fk: actorUserId(event),
          created_on: event.meta.at,
          ...stamp(event),
        };
      }
      case 'chart/chartRenamed':
      case 'chart/vizTypeChanged':
      case 'chart/chartParamsChanged':
      case 'chart/chartDescribed':
      case 'chart/cacheTimeoutChanged':
      case 'chart/chartOwnersChanged':
      case 'chart/chartCertified':
      case 'chart/chartCertificationRemoved':
      case 'chart/certificationDetailsChanged':
      case 'chart/datasourceChanged':
        return row && { ...row, ...chartEditFields(event), ...stamp(event) };
      case 'chart/chartDeleted':
        return null;
      // Not handled: a revert's own edit events changed the row; this fact only names what was reverted.
      case 'chart/changeReverted':
        return row;
      // A star is no change of the chart (its own table below).
      case 'chart/favorited':
      case 'chart/unfavorited':
        return row;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

export const chartFavoritesFold: FoldProjection<ChartFavoriteRow, ChartEnvelope> = {
  name: 'charts',
  table: 'chart_favorites',
  key: ['chart_id', 'user_id'],
  handles: ['chart/favorited', 'chart/unfavorited', 'chart/chartDeleted'],
  // A deleted chart takes every star it had: part of the key selects them all.
  rowsOf: (event) =>
    event.type === 'chart/favorited' || event.type === 'chart/unfavorited'
      ? { chart_id: streamNumber(event.stream), user_id: event.data.userId }
      : { chart_id: streamNumber(event.stream) },
  evolve(row, event) {
    switch (event.type) {
      case 'chart/favorited':
        // Starred already: the first star's time stays.
        return row ?? { chart_id: streamNumber(event.stream), user_id: event.data.userId, created_on: event.meta.at };
      case 'chart/unfavorited':
      case 'chart/chartDeleted':
        return null;
      default:
        return row;
    }
  },
};

/** The read model the store runs and rebuilds as `charts` (both tables). */
export const chartProjection = projectionGroup('charts', [
  foldProjection(chartFavoritesFold),
  foldProjection(chartsFold),
]);
