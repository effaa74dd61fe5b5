import { hasPermission, Permission, PermissionView } from '@strata/domain';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import { QueryHistoryPage } from './QueryHistoryPage';

/** `/sqllab/history/`, loaded on first visit (it draws SQL Lab's history list and its styles). */
export default function QueryHistoryRoute() {
  const { sqllab, session } = useServices();
  const { user } = useStoreState(session.store.liveState$);
  // The server's rule (queries.reader.ts): all_query_access sees everyone's runs; admins pass every check.
  const canSeeAll = hasPermission(user, Permission.ALL_QUERY_ACCESS, PermissionView.ALL_QUERY_ACCESS);
  return <QueryHistoryPage history={sqllab.history} catalog={sqllab.catalog} canSeeAllQueries={canSeeAll} />;
}
