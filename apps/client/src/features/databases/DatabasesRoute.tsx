import { isAdmin } from '@strata/domain';
import type { AppServices } from '../../app/services';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { createDatabases, type DatabasesFeature } from './databases.feature';
import { DatabasesPage } from './DatabasesPage';

// Made when the lazily loaded page first opens, once per page load, and joined to time travel then.
const features = new WeakMap<AppServices, DatabasesFeature>();

function featureFor(services: AppServices): DatabasesFeature {
  let feature = features.get(services);
  if (!feature) {
    feature = createDatabases(services.context, services.http, services.toasts);
    services.timeTravel.register(feature.store);
    features.set(services, feature);
  }
  return feature;
}

/** `/databaseview/list/`: admins only (the server answers 403 to anyone else's changes too). */
export default function DatabasesRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  if (!isAdmin(user)) {
    return (
      <div className="card">
        <h1>Not allowed</h1>
        <p>Managing database connections needs the Admin role.</p>
      </div>
    );
  }
  return <DatabasesPage databases={featureFor(services)} />;
}
