import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { ExplorePage } from './ExplorePage';
import { exploreFor } from './use-explore';

/** The route's element (lazy-loaded): the page on the app's one Explore store. */
export default function ExploreRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  return (
    <ExplorePage
      explore={exploreFor(services)}
      userName={user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username : ''}
    />
  );
}
