import { deciderSpec } from '../../testing';
import { exploreFormDataDecider, type StoredFormData } from '.';

const key = 'k'.repeat(32);
const state: StoredFormData = {
  datasource_id: 1,
  datasource_type: 'table',
  chart_id: null,
  form_data: '{"viz_type":"table"}',
  owner: 3,
};
const spec = deciderSpec(exploreFormDataDecider);

describe('Explore form data (explore_form_data:<key>)', () => {
  it('REFERENCE §2.4: a key is created once, by its owner', () => {
    spec
      .given([])
      .when({ type: 'CreateFormData', data: { key, state } })
      .then([{ type: 'explore/formDataStored', data: { key, state } }]);
    spec
      .given([{ type: 'explore/formDataStored', data: { key, state } }])
      .when({ type: 'CreateFormData', data: { key, state } })
      .thenThrows('form_data_exists');
  });

  it('an update replaces the fields sent, keeps the others, and is stored even when unchanged (the 7 days start again)', () => {
    spec
      .given([{ type: 'explore/formDataStored', data: { key, state } }])
      .when({ type: 'UpdateFormData', data: { key, userId: 3, changes: { form_data: '{}', chart_id: undefined } } })
      .then([{ type: 'explore/formDataStored', data: { key, state: { ...state, form_data: '{}' } } }]);
    spec
      .given([{ type: 'explore/formDataStored', data: { key, state } }])
      .when({ type: 'UpdateFormData', data: { key, userId: 3, changes: {} } })
      .then([{ type: 'explore/formDataStored', data: { key, state } }]);
  });

  it('only its creator updates it; a key never stored is not found', () => {
    spec
      .given([{ type: 'explore/formDataStored', data: { key, state } }])
      .when({ type: 'UpdateFormData', data: { key, userId: 4, changes: { form_data: '{}' } } })
      .thenThrows('form_data_not_owner');
    spec
      .given([])
      .when({ type: 'UpdateFormData', data: { key, userId: 3, changes: {} } })
      .thenThrows('form_data_not_found');
  });
});
