/** `datasets` as the fold of the `dataset:<id>` streams (projections/CONTEXT.md), written in the append's transaction. */
import { DATASET_EDIT_EVENTS, datasetEditFields, type DatasetCreated, type DatasetEvent } from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { actorUserId, streamNumber } from '../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../projections/fold-projection';

type DatasetEnvelope = EnvelopeOf<DatasetEvent>;

/** Who last changed the dataset and when (ISO text, as `to_jsonb` gives a timestamptz). */
interface Stamp {
  changed_by_fk: number | null;
  changed_on: string;
  /** The stream version of the last event applied: chart data's cache key includes it. */
  version: number;
}

/**
 * A row of `datasets`: the fields a dataset is created with (columns and metrics as jsonb lists), its
 * `uid` (`<id>__table`), who created it, and the last change's stamp.
 */
export type DatasetsRow = DatasetCreated['data'] &
  Stamp & {
    uid: string;
    created_by_fk: number | null;
    created_on: string;
  };

const stamp = (event: DatasetEnvelope): Stamp => ({
  changed_by_fk: actorUserId(event),
  changed_on: event.meta.at,
  version: event.version,
});

export const datasetsFold: FoldProjection<DatasetsRow, DatasetEnvelope> = {
  name: 'datasets',
  table: 'datasets',
  key: ['id'],
  handles: ['dataset/datasetCreated', ...DATASET_EDIT_EVENTS, 'dataset/columnsSynced', 'dataset/datasetDeleted'],
  rowsOf: (event) => ({ id: event.type === 'dataset/datasetCreated' ? event.data.id : streamNumber(event.stream) }),
  evolve(row, event) {
    switch (event.type) {
      case 'dataset/datasetCreated': {
        const d = event.data;
        return {
          id: d.id,
          uid: `${d.id}__table`,
          kind: d.kind,
          table_name: d.table_name,
          database_id: d.database_id,
          catalog: d.catalog,
          schema: d.schema,
          sql: d.sql,
          template_params: d.template_params,
          columns: d.columns,
          metrics: d.metrics,
          main_dttm_col: d.main_dttm_col,
          owners: d.owners,
          is_managed_externally: d.is_managed_externally,
          external_url: d.external_url,
          description: d.description,
          cache_timeout: d.cache_timeout ?? null,
          default_time_grain: d.default_time_grain ?? null,
          created_by_fk: actorUserId(event),
          created_on: event.meta.at,
          ...stamp(event),
        };
      }
      case 'dataset/datasetRenamed':
      case 'dataset/datasetSchemaChanged':
      case 'dataset/datasetSqlChanged':
      case 'dataset/templateParamsChanged':
      case 'dataset/datasetColumnAdded':
      case 'dataset/datasetColumnEdited':
      case 'dataset/datasetColumnRemoved':
      case 'dataset/datasetColumnsReordered':
      case 'dataset/metricAdded':
      case 'dataset/metricEdited':
      case 'dataset/metricRemoved':
      case 'dataset/metricsReordered':
      case 'dataset/mainDatetimeColumnChanged':
      case 'dataset/datasetOwnersChanged':
      case 'dataset/datasetDescribed':
      case 'dataset/cacheTimeoutChanged':
      case 'dataset/defaultTimeGrainChanged':
      case 'dataset/externalUrlChanged':
      case 'dataset/externalManagementStarted':
      case 'dataset/externalManagementStopped':
        // Column and metric events change one item of a list: the row's lists are what they apply to.
        return row && { ...row, ...datasetEditFields(event, row), ...stamp(event) };
      case 'dataset/columnsSynced':
        return row && { ...row, columns: event.data.columns, main_dttm_col: event.data.main_dttm_col, ...stamp(event) };
      // Not handled: a revert's own edit events changed the row; this fact only names what was reverted.
      case 'dataset/changeReverted':
        return row;
      case 'dataset/datasetDeleted':
        return null;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

export const datasetProjection = foldProjection(datasetsFold);
