import { defineSummaries } from '../../audit/summary';
import type { ExplorePermalinkCreated, ExplorePermalinkState } from './index';

/** What the link shows: a saved chart, or a view of a dataset ('3__table'). */
function target(state: ExplorePermalinkState): string {
  const { slice_id: sliceId, datasource } = state.formData as { slice_id?: unknown; datasource?: unknown };
  if (typeof sliceId === 'number') return `the chart #${sliceId}`;
  const [id, type] = typeof datasource === 'string' ? datasource.split('__') : [];
  return id ? `a view of the ${type || 'dataset'} #${id}` : 'an Explore view';
}

/** Explore permalinks in the audit log's words (issue 13); the key is left out: it is what opens the link. */
export const explorePermalinkSummaries = defineSummaries<ExplorePermalinkCreated>({
  context: 'explore permalinks',
  of: {
    'explore/permalinkCreated': (d, { who }) => `${who} created a permalink to ${target(d.state)}`,
  },
});
