import { isAdmin } from '@strata/domain';
import { onePerPageLoad } from '../../app/one-per-page-load';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { createDatabases } from './databases.feature';
import { DatabasesPage } from './DatabasesPage';

const featureFor = onePerPageLoad((services) => createDatabases(services.context, services.http, services.toasts));

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
