import { deciderSpec } from '@strata/domain/testing';
import { initialSqlLabState } from '../editor/model';
import { sqlLabDecider } from '../sqllab.decider';
import { added, tab } from '../testing/fixtures';

const spec = deciderSpec(sqlLabDecider);
const withTab = [added(tab('a', 'A'))];
const base = () => withTab.reduce(sqlLabDecider.evolve, initialSqlLabState());

describe('SQL Lab cost estimate', () => {
  it('sqllab-and-platform §4 Cost estimate: started is not completed', () => {
    spec
      .given(withTab)
      .when({ type: 'StartCostEstimate', data: { queryEditorId: 'a' } })
      .thenState({
        ...base(),
        queryCostEstimates: { a: { completed: false, cost: null, error: null } },
      });
  });

  it('sqllab-and-platform §4 Cost estimate: returned is completed with its cost', () => {
    const cost = [{ 'Start-up cost': '0.00', 'Total cost': '35.50' }];
    spec
      .given([...withTab, { type: 'sqllab/costEstimateStarted', data: { queryEditorId: 'a' } }])
      .when({ type: 'RecordCostEstimate', data: { queryEditorId: 'a', cost } })
      .thenState({ ...base(), queryCostEstimates: { a: { completed: true, cost, error: null } } });
  });

  it('sqllab-and-platform §4 Cost estimate: failed keeps the error', () => {
    spec
      .given(withTab)
      .when({
        type: 'RecordCostEstimateFailure',
        data: { queryEditorId: 'a', error: 'Database does not support cost estimation' },
      })
      .thenState({
        ...base(),
        queryCostEstimates: { a: { completed: false, cost: null, error: 'Database does not support cost estimation' } },
      });
  });

  it('an estimate for a missing tab is refused', () => {
    spec
      .given([])
      .when({ type: 'StartCostEstimate', data: { queryEditorId: 'a' } })
      .thenThrows('tab_not_found');
  });
});

describe('SQL Lab dataset from a query', () => {
  it('sqllab-and-platform §4: started sets the loading flag and clears the error', () => {
    spec
      .given([{ type: 'sqllab/datasetCreationFailed', data: { error: 'x' } }])
      .when({ type: 'StartDatasetCreation', data: {} })
      .thenState({
        ...initialSqlLabState(),
        isDatasourceLoading: true,
        errorMessage: null,
      });
  });

  it('sqllab-and-platform §3: success stores the dataset with the key {id}__table', () => {
    spec
      .given([{ type: 'sqllab/datasetCreationStarted', data: {} }])
      .when({ type: 'RecordDatasetCreated', data: { id: 7, name: 'my_query' } })
      .thenState({
        ...initialSqlLabState(),
        datasource: { id: 7, name: 'my_query', key: '7__table' },
      });
  });

  it('sqllab-and-platform §8 Other: dataset creation failure stores the error', () => {
    spec
      .given([{ type: 'sqllab/datasetCreationStarted', data: {} }])
      .when({ type: 'RecordDatasetCreationFailure', data: { error: 'Dataset exists' } })
      .thenState({
        ...initialSqlLabState(),
        errorMessage: 'Dataset exists',
      });
  });
});

describe('SQL Lab offline state', () => {
  it('sqllab-and-platform §3: the editor can be offline and back online', () => {
    spec
      .given([])
      .when({ type: 'GoOffline', data: {} })
      .thenState({ ...initialSqlLabState(), offline: true });
    spec
      .given([{ type: 'sqllab/wentOffline', data: {} }])
      .when({ type: 'GoOnline', data: {} })
      .thenState(initialSqlLabState());
    spec.given([]).when({ type: 'GoOnline', data: {} }).then([]);
  });
});
