import { useEffect, useState } from 'react';
import { useServices } from '../../../app/services-context';
import { ExplorePage, type ExploreAt } from '../ExplorePage';
import { createExplore, type ExploreFeature } from '../explore.feature';

/**
 * The real Explore page showing a saved chart (or an unsaved chart's kept form) as it was at a log position or ISO time (issue 13), read-only,
 * for pages that are not Explore's own address (the replay): header with the name, dataset, controls with
 * the settings of then, and the chart pane. With `queries={false}` the chart's data is not queried: the
 * pane says its results are not kept.
 *
 * It has its own Explore store, not the app's one: the chart as it was must not become what /explore/
 * shows next, and this store opens no async-event socket and logs no timings (it gets neither the
 * feature flags nor the user log).
 */
export function ExploreAsOf({
  sliceId,
  asOf,
  queries = true,
  form,
}: {
  sliceId?: number;
  asOf: string;
  queries?: boolean;
  /** An unsaved chart's form as its form_data key held it then, shown instead of (or over) the saved chart. */
  form?: ExploreAt['form'];
}) {
  const { context, http, toasts, errors, session } = useServices();
  const [explore, setExplore] = useState<ExploreFeature | null>(null);
  useEffect(() => {
    const made = createExplore({ context, http, toasts, errors, user: () => session.store.getState().user });
    setExplore(made);
    return () => made.dispose();
  }, [context, http, toasts, errors, session]);
  if (!explore) return null;
  return <ExplorePage explore={explore} userName="" at={{ sliceId, asOf, queries, form }} />;
}
