/** Cost estimates, dataset creation from a query and the connection state (sqllab-and-platform §4). */
import type { EventLike } from '@strata/events';
import type { CreatedDatasource } from '../editor/model';

export type SideEvent =
  | EventLike<'sqllab/costEstimateStarted', { queryEditorId: string }>
  | EventLike<'sqllab/costEstimateReturned', { queryEditorId: string; cost: readonly Record<string, unknown>[] }>
  | EventLike<'sqllab/costEstimateFailed', { queryEditorId: string; error: string }>
  | EventLike<'sqllab/datasetCreationStarted', object>
  | EventLike<'sqllab/datasetCreated', { datasource: CreatedDatasource }>
  | EventLike<'sqllab/datasetCreationFailed', { error: string }>
  | EventLike<'sqllab/wentOffline', object>
  | EventLike<'sqllab/cameOnline', object>;

export type SideEventType = SideEvent['type'];

export const SIDE_EVENT_TYPES = {
  'sqllab/costEstimateStarted': true,
  'sqllab/costEstimateReturned': true,
  'sqllab/costEstimateFailed': true,
  'sqllab/datasetCreationStarted': true,
  'sqllab/datasetCreated': true,
  'sqllab/datasetCreationFailed': true,
  'sqllab/wentOffline': true,
  'sqllab/cameOnline': true,
} as const satisfies Record<SideEventType, true>;

export type SideCommand =
  | { type: 'StartCostEstimate'; data: { queryEditorId: string } }
  | { type: 'RecordCostEstimate'; data: { queryEditorId: string; cost: readonly Record<string, unknown>[] } }
  | { type: 'RecordCostEstimateFailure'; data: { queryEditorId: string; error: string } }
  | { type: 'StartDatasetCreation'; data: object }
  | { type: 'RecordDatasetCreated'; data: { id: number; name: string } }
  | { type: 'RecordDatasetCreationFailure'; data: { error: string } }
  | { type: 'GoOffline'; data: object }
  | { type: 'GoOnline'; data: object };

export type SideCommandType = SideCommand['type'];

export const SIDE_COMMAND_TYPES = {
  StartCostEstimate: true,
  RecordCostEstimate: true,
  RecordCostEstimateFailure: true,
  StartDatasetCreation: true,
  RecordDatasetCreated: true,
  RecordDatasetCreationFailure: true,
  GoOffline: true,
  GoOnline: true,
} as const satisfies Record<SideCommandType, true>;

/** sqllab-and-platform §3 Datasource key: '{id}__{type}'; a dataset created from a query is a table. */
export function datasourceKey(
  id: number,
  type: 'table' | 'query' | 'dataset' | 'sl_table' | 'saved_query' = 'table',
): string {
  return `${id}__${type}`;
}
