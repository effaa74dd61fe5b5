import { deciderSpec } from '@strata/domain/testing';
import { chartDecider, type CreateChart } from './chart.decider';
import type { ChartEvent } from './chart.events';

const spec = deciderSpec(chartDecider);
const create = (over: Partial<CreateChart['data']> = {}): CreateChart => ({
  type: 'CreateChart',
  data: {
    id: 4,
    owner_id: 2,
    slice_name: 'Delays',
    viz_type: 'table',
    datasource_id: 1,
    datasource_type: 'table',
    params: '{"viz_type":"table"}',
    query_context: null,
    description: null,
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    ...over,
  },
});
const created: ChartEvent = {
  type: 'chart/chartCreated',
  data: {
    id: 4,
    slice_name: 'Delays',
    viz_type: 'table',
    datasource_id: 1,
    datasource_type: 'table',
    params: '{"viz_type":"table"}',
    query_context: null,
    description: null,
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    owners: [2, 5],
  },
};

describe('chart decider', () => {
  it('the creator is an owner; names and JSON params are checked', () => {
    spec
      .given([])
      .when(create({ owners: [5, 2] }))
      .then([created]);
    spec
      .given([])
      .when(create({ slice_name: ' ' }))
      .thenThrows('invalid_slice_name');
    spec
      .given([])
      .when(create({ params: '{oops' }))
      .thenThrows('invalid_chart_json');
  });

  it('updates and deletes only a live chart; an empty change is no event', () => {
    spec
      .given([created])
      .when({ type: 'UpdateChart', data: { changes: { slice_name: 'Late' } } })
      .then([{ type: 'chart/chartUpdated', data: { changes: { slice_name: 'Late' } } }]);
    spec
      .given([created])
      .when({ type: 'UpdateChart', data: { changes: {} } })
      .then([]);
    spec
      .given([created, { type: 'chart/chartDeleted', data: {} }])
      .when({ type: 'UpdateChart', data: { changes: { slice_name: 'x' } } })
      .thenThrows('chart_not_found');
  });

  it('a star is set once per user and removed once', () => {
    spec
      .given([created])
      .when({ type: 'FavoriteChart', data: { userId: 9, favorite: true } })
      .then([{ type: 'chart/favorited', data: { userId: 9 } }]);
    spec
      .given([created, { type: 'chart/favorited', data: { userId: 9 } }])
      .when({ type: 'FavoriteChart', data: { userId: 9, favorite: true } })
      .then([]);
    spec
      .given([created, { type: 'chart/favorited', data: { userId: 9 } }])
      .when({ type: 'FavoriteChart', data: { userId: 9, favorite: false } })
      .then([{ type: 'chart/unfavorited', data: { userId: 9 } }]);
  });
});
