import { onePerPageLoad } from '../../app/one-per-page-load';
import { createExplore, type ExploreFeature } from './explore.feature';

/** The app's one Explore feature, with its editor, side panel and annotation stores in time travel. */
export const exploreFor = onePerPageLoad(
  ({ context, http, toasts, errors, session, userLog }): ExploreFeature =>
    createExplore({
      context,
      http,
      toasts,
      errors,
      user: () => session.store.getState().user,
      featureFlags: () => session.featureFlags(),
      userLog,
    }),
  (explore) => [explore.store, explore.side, explore.annotations.store],
);
