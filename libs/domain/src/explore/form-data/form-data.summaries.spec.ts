import type { EventLike } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import type { StoredFormData } from './index';

const state: StoredFormData = { datasource_id: 3, datasource_type: 'table', form_data: '{}', owner: 1, chart_id: null };
const stored = (s: StoredFormData): EventLike => ({ type: 'explore/formDataStored', data: { key: 'k3y', state: s } });

describe('explore form data summaries', () => {
  it('tells the first store of a key from its updates, and never shows the key', () => {
    const texts = summarizeStream([stored(state), stored({ ...state, chart_id: 5 })], () => ({ who: 'alice' }));
    expect(texts).toEqual([
      'alice cached an Explore view on the table #3',
      'alice updated the cached Explore view of the chart #5',
    ]);
  });
});
