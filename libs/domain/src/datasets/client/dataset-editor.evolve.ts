import { leaveUnchanged } from '../../shared/exhaustive';
import type { DatasetColumn, DatasetMetric } from '../dataset.events';
import { datasetDraftOf, newCalculatedColumn, newDraftMetric, type DatasetDraft } from './dataset-draft';
import type { DatasetEditorEvent } from './dataset-editor.events';
import type { DatasetView } from './dataset-view';

const TYPE_NAMES: Readonly<Record<number, string>> = { 0: 'NUMERIC', 1: 'STRING', 2: 'TEMPORAL', 3: 'BOOLEAN' };

/** The list with its `index`th item patched; an index the list lacks changes nothing. */
function patched<T>(list: readonly T[], index: number, patch: (item: T) => Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch(item) } : item));
}

/**
 * The editor's draft after one of the analyst's edits. Pure: the names a new column or metric gets are
 * on the event; `dataset` is the server's answer the draft started from (what Discard returns to).
 */
export function evolveDatasetDraft(draft: DatasetDraft, event: DatasetEditorEvent, dataset: DatasetView): DatasetDraft {
  const column = (patch: (c: DatasetColumn) => Partial<DatasetColumn>) =>
    'index' in event.data ? { ...draft, columns: patched(draft.columns, event.data.index, patch) } : draft;
  const metric = (patch: (m: DatasetMetric) => Partial<DatasetMetric>) =>
    'index' in event.data ? { ...draft, metrics: patched(draft.metrics, event.data.index, patch) } : draft;
  switch (event.type) {
    case 'datasetEditor/calculatedColumnAdded':
      return { ...draft, columns: [...draft.columns, newCalculatedColumn(event.data.column)] };
    case 'datasetEditor/calculatedColumnRemoved':
      return { ...draft, columns: draft.columns.filter((_, i) => i !== event.data.index) };
    case 'datasetEditor/calculatedColumnRenamed':
      return column(() => ({ column_name: event.data.name }));
    case 'datasetEditor/columnExpressionEdited':
      return column(() => ({ expression: event.data.expression }));
    case 'datasetEditor/calculatedColumnTypeChosen': {
      const generic = event.data.typeGeneric;
      return column((c) => ({
        type_generic: generic,
        type: generic === null ? null : (TYPE_NAMES[generic] ?? null),
        is_dttm: generic === 2 ? true : c.is_dttm,
      }));
    }
    case 'datasetEditor/columnVerboseNameEdited':
      return column(() => ({ verbose_name: event.data.verboseName }));
    case 'datasetEditor/columnFlagged':
      return column(() => ({ [event.data.flag]: true }));
    case 'datasetEditor/columnUnflagged':
      return column(() => ({ [event.data.flag]: false }));
    case 'datasetEditor/columnDescriptionEdited':
      return column(() => ({ description: event.data.description }));
    case 'datasetEditor/columnCertifiedByEdited':
      return column(() => ({ certified_by: event.data.certifiedBy }));
    case 'datasetEditor/columnCertificationDetailsEdited':
      return column(() => ({ certification_details: event.data.details }));
    case 'datasetEditor/columnWarningEdited':
      return column(() => ({ warning_markdown: event.data.warning }));
    case 'datasetEditor/metricAdded':
      return { ...draft, metrics: [...draft.metrics, newDraftMetric(event.data.metric)] };
    case 'datasetEditor/metricRemoved':
      return { ...draft, metrics: draft.metrics.filter((_, i) => i !== event.data.index) };
    case 'datasetEditor/metricRenamed':
      return metric(() => ({ metric_name: event.data.name }));
    case 'datasetEditor/metricExpressionEdited':
      return metric(() => ({ expression: event.data.expression }));
    case 'datasetEditor/metricVerboseNameEdited':
      return metric(() => ({ verbose_name: event.data.verboseName }));
    case 'datasetEditor/metricD3FormatEdited':
      return metric(() => ({ d3format: event.data.d3format }));
    case 'datasetEditor/metricDescriptionEdited':
      return metric(() => ({ description: event.data.description }));
    case 'datasetEditor/metricCertifiedByEdited':
      return metric(() => ({ certified_by: event.data.certifiedBy }));
    case 'datasetEditor/metricCertificationDetailsEdited':
      return metric(() => ({ certification_details: event.data.details }));
    case 'datasetEditor/metricWarningEdited':
      return metric(() => ({ warning_markdown: event.data.warning }));
    case 'datasetEditor/nameEdited':
      return { ...draft, table_name: event.data.tableName };
    case 'datasetEditor/sqlEdited':
      return { ...draft, sql: event.data.sql };
    case 'datasetEditor/descriptionEdited':
      return { ...draft, description: event.data.description };
    case 'datasetEditor/mainDatetimeColumnChosen':
      return { ...draft, main_dttm_col: event.data.column };
    case 'datasetEditor/defaultTimeGrainChosen':
      return { ...draft, default_time_grain: event.data.grain };
    case 'datasetEditor/cacheTimeoutEdited':
      return { ...draft, cache_timeout: event.data.text };
    case 'datasetEditor/ownersChosen':
      return { ...draft, owners: event.data.owners };
    case 'datasetEditor/draftDiscarded':
      return datasetDraftOf(dataset);
    default:
      return leaveUnchanged(event, draft);
  }
}
