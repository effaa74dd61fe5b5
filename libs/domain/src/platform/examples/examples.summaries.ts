import { defineSummaries, quote } from '../../audit/summary';
import type { ExamplesEvent, ExamplesStatus } from './examples.events';

function status({ state, tables, error }: ExamplesStatus): string {
  const loaded = tables.filter((t) => t.loaded).length;
  if (state === 'failed') return `loading had failed${error ? `: ${quote(error)}` : ''}`;
  if (state === 'ready') return `ready (${loaded} of ${tables.length} tables)`;
  return `still loading (${loaded} of ${tables.length} tables done)`;
}

/** What the examples' status checks say in the audit log (issue 13). */
export const examplesSummaries = defineSummaries<ExamplesEvent>({
  context: 'examples',
  of: {
    'examples/statusLoaded': (d, { who }) => `${who} checked the example data: ${status(d.status)}`,
    'examples/statusFailed': (d, { who }) => `checking the example data failed for ${who}: ${quote(d.message)}`,
  },
});
