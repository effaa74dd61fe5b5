/** decide and evolve for cost estimates, dataset creation and the offline flag (sqllab-and-platform §4). */
import { DomainError } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { queryEditorById, type CostEstimate, type SqlLabState } from '../editor/model';
import { datasourceKey, type SideCommand, type SideEvent } from './side-events';

export function decideSide(command: SideCommand, state: SqlLabState): SideEvent[] {
  switch (command.type) {
    case 'StartCostEstimate':
    case 'RecordCostEstimate':
    case 'RecordCostEstimateFailure': {
      const { queryEditorId } = command.data;
      if (!queryEditorById(state, queryEditorId))
        throw new DomainError('tab_not_found', `There is no tab '${queryEditorId}'.`);
      if (command.type === 'StartCostEstimate')
        return [{ type: 'sqllab/costEstimateStarted', data: { queryEditorId } }];
      if (command.type === 'RecordCostEstimate') {
        return [{ type: 'sqllab/costEstimateReturned', data: { queryEditorId, cost: command.data.cost } }];
      }
      return [{ type: 'sqllab/costEstimateFailed', data: { queryEditorId, error: command.data.error } }];
    }
    case 'StartDatasetCreation':
      return [{ type: 'sqllab/datasetCreationStarted', data: {} }];
    case 'RecordDatasetCreated': {
      const { id, name } = command.data;
      if (!Number.isInteger(id) || id < 1)
        throw new DomainError('dataset_id_invalid', 'A dataset id is a positive integer.');
      // sqllab-and-platform §3: from a query, dataset creation gives the key {id}__table.
      return [{ type: 'sqllab/datasetCreated', data: { datasource: { id, name, key: datasourceKey(id, 'table') } } }];
    }
    case 'RecordDatasetCreationFailure':
      return [{ type: 'sqllab/datasetCreationFailed', data: { error: command.data.error } }];
    case 'GoOffline':
      return state.offline ? [] : [{ type: 'sqllab/wentOffline', data: {} }];
    case 'GoOnline':
      return state.offline ? [{ type: 'sqllab/cameOnline', data: {} }] : [];
    default:
      return unknownCommand(command);
  }
}

function estimate(state: SqlLabState, queryEditorId: string, value: CostEstimate): SqlLabState {
  return { ...state, queryCostEstimates: { ...state.queryCostEstimates, [queryEditorId]: value } };
}

export function evolveSide(state: SqlLabState, event: SideEvent): SqlLabState {
  switch (event.type) {
    // sqllab-and-platform §4 Cost estimate: started (not completed), returned (completed with cost), failed (with error).
    case 'sqllab/costEstimateStarted':
      return estimate(state, event.data.queryEditorId, { completed: false, cost: null, error: null });
    case 'sqllab/costEstimateReturned':
      return estimate(state, event.data.queryEditorId, { completed: true, cost: event.data.cost, error: null });
    case 'sqllab/costEstimateFailed':
      return estimate(state, event.data.queryEditorId, { completed: false, cost: null, error: event.data.error });
    // sqllab-and-platform §4 Dataset creation from a query: started, success, failed (error stored).
    case 'sqllab/datasetCreationStarted':
      return { ...state, isDatasourceLoading: true, errorMessage: null };
    case 'sqllab/datasetCreated':
      return { ...state, isDatasourceLoading: false, errorMessage: null, datasource: event.data.datasource };
    case 'sqllab/datasetCreationFailed':
      return { ...state, isDatasourceLoading: false, errorMessage: event.data.error };
    case 'sqllab/wentOffline':
      return { ...state, offline: true };
    case 'sqllab/cameOnline':
      return { ...state, offline: false };
    default:
      return leaveUnchanged(event, state);
  }
}
