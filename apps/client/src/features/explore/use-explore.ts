import type { AppServices } from '../../app/services';
import { createExplore, type ExploreFeature } from './explore.feature';

// One Explore store per page load, made the first time the (lazily loaded) page opens: creating it in
// app/services would pull Explore into the first bundle. Its stores join time travel then.
const features = new WeakMap<AppServices, ExploreFeature>();

export function exploreFor(services: AppServices): ExploreFeature {
  let explore = features.get(services);
  if (!explore) {
    const { context, http, toasts, errors, session, timeTravel } = services;
    explore = createExplore({
      context,
      http,
      toasts,
      errors,
      user: () => session.store.getState().user,
      featureFlags: () => session.featureFlags(),
      userLog: services.userLog,
    });
    timeTravel.register(explore.store);
    timeTravel.register(explore.side);
    timeTravel.register(explore.annotations.store);
    features.set(services, explore);
  }
  return explore;
}
