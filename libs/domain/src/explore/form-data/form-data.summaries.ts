import { defineSummaries } from '../../audit/summary';
import type { ExploreFormDataStored, StoredFormData } from './index';

/** Whether the key held form data before: the first store creates it, later ones update it. */
export interface FormDataNames {
  stored: boolean;
}

const of = (state: StoredFormData) =>
  state.chart_id
    ? `of the chart #${state.chart_id}`
    : `on the ${state.datasource_type || 'dataset'} #${state.datasource_id}`;

/**
 * Explore's form data cache in the audit log's words (issue 13). The key is left out: it is what opens
 * the cached page.
 */
export const exploreFormDataSummaries = defineSummaries<ExploreFormDataStored, FormDataNames>({
  context: 'explore form data',
  names: {
    initial: () => ({ stored: false }),
    evolve: (state, event) => (event.type === 'explore/formDataStored' ? { stored: true } : state),
  },
  of: {
    'explore/formDataStored': (d, { who, before }) =>
      `${who} ${before?.stored ? 'updated the cached' : 'cached an'} Explore view ${of(d.state)}`,
  },
});
