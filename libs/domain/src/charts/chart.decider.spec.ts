import { deciderSpec } from '../testing';
import type { CreateChart } from './chart.commands';
import { chartDecider } from './chart.decider';
import type { ChartEvent, ChartFields } from './chart.events';

const spec = deciderSpec(chartDecider);
const fields: ChartFields = {
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
};
const create = (over: Partial<CreateChart['data']> = {}): CreateChart => {
  const { owners: _owners, ...rest } = fields;
  return { type: 'CreateChart', data: { ...rest, id: 4, owner_id: 2, ...over } };
};
const created: ChartEvent = { type: 'chart/chartCreated', data: { id: 4, ...fields } };
const deleted: ChartEvent = { type: 'chart/chartDeleted', data: {} };

describe('chart decider: creating', () => {
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
    spec.given([created]).when(create()).thenThrows('chart_exists');
  });
});

describe('chart decider: a save is one event per changed intent', () => {
  it('a save from Explore renames, changes the viz type and saves the form data', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateChart',
        data: { slice_name: 'Late', viz_type: 'pie', params: '{"viz_type":"pie"}', query_context: '{}' },
      })
      .then([
        { type: 'chart/chartRenamed', data: { slice_name: 'Late' } },
        { type: 'chart/vizTypeChanged', data: { viz_type: 'pie' } },
        { type: 'chart/chartParamsChanged', data: { params: '{"viz_type":"pie"}', query_context: '{}' } },
      ]);
  });

  it('only the fields that really change give events; a save that changes nothing gives none', () => {
    spec
      .given([created])
      .when({ type: 'UpdateChart', data: { slice_name: 'Delays', viz_type: 'table', query_context: '{"a":1}' } })
      .then([{ type: 'chart/chartParamsChanged', data: { query_context: '{"a":1}' } }]);
    spec
      .given([created])
      .when({ type: 'UpdateChart', data: { ...fields, owners: [5, 2] } })
      .then([]);
    spec.given([created]).when({ type: 'UpdateChart', data: {} }).then([]);
  });

  it('the properties: description, cache timeout, owners, certification, dataset', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateChart',
        data: {
          description: 'Delays by airport',
          cache_timeout: 600,
          owners: [2],
          certified_by: 'Data team',
          certification_details: 'Checked weekly',
          datasource_id: 7,
        },
      })
      .then([
        { type: 'chart/datasourceChanged', data: { datasource_id: 7, datasource_type: 'table' } },
        { type: 'chart/chartDescribed', data: { description: 'Delays by airport' } },
        { type: 'chart/cacheTimeoutChanged', data: { cache_timeout: 600 } },
        { type: 'chart/chartOwnersChanged', data: { owners: [2] } },
        { type: 'chart/chartCertified', data: { certified_by: 'Data team' } },
        { type: 'chart/certificationDetailsChanged', data: { certification_details: 'Checked weekly' } },
      ]);
  });

  it('removing the certifier removes the certification', () => {
    const certified: ChartEvent[] = [created, { type: 'chart/chartCertified', data: { certified_by: 'Data team' } }];
    spec
      .given(certified)
      .when({ type: 'UpdateChart', data: { certified_by: null } })
      .then([{ type: 'chart/chartCertificationRemoved', data: {} }]);
    spec
      .given(certified)
      .when({ type: 'UpdateChart', data: { certified_by: null } })
      .thenState({ id: 4, fields, deleted: false, favoritedBy: [] });
  });

  it('the folded state is the chart as saved', () => {
    spec
      .given([created])
      .when({ type: 'UpdateChart', data: { slice_name: 'Late', cache_timeout: 60, datasource_type: 'dataset' } })
      .thenState({
        id: 4,
        fields: { ...fields, slice_name: 'Late', cache_timeout: 60, datasource_type: 'dataset' },
        deleted: false,
        favoritedBy: [],
      });
  });

  it('names and JSON are checked; a deleted chart is not edited', () => {
    spec
      .given([created])
      .when({ type: 'UpdateChart', data: { slice_name: '' } })
      .thenThrows('invalid_slice_name');
    spec
      .given([created])
      .when({ type: 'UpdateChart', data: { query_context: '{' } })
      .thenThrows('invalid_chart_json');
    spec
      .given([created, deleted])
      .when({ type: 'UpdateChart', data: { slice_name: 'x' } })
      .thenThrows('chart_not_found');
    spec.given([created, deleted]).when({ type: 'DeleteChart', data: {} }).thenThrows('chart_not_found');
    spec.given([created]).when({ type: 'DeleteChart', data: {} }).then([deleted]);
  });
});

describe('chart decider: favourites', () => {
  const starred: ChartEvent = { type: 'chart/favorited', data: { userId: 9 } };

  it('a star is set once per user and removed once', () => {
    spec
      .given([created])
      .when({ type: 'FavoriteChart', data: { userId: 9 } })
      .then([starred]);
    spec
      .given([created, starred])
      .when({ type: 'FavoriteChart', data: { userId: 9 } })
      .then([]);
    spec
      .given([created, starred])
      .when({ type: 'UnfavoriteChart', data: { userId: 9 } })
      .then([{ type: 'chart/unfavorited', data: { userId: 9 } }]);
    spec
      .given([created])
      .when({ type: 'UnfavoriteChart', data: { userId: 9 } })
      .then([]);
  });
});
