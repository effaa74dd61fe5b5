import { useParams } from 'react-router-dom';
import { isAdmin } from '@strata/domain';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { ActivityPage } from './ActivityPage';
import { ObjectHistoryPage } from './ObjectHistoryPage';

/** `/activity/`: the page, told whether the signed-in user is an admin (the server enforces it too). */
export function ActivityRoute() {
  const { activity, session } = useServices();
  const { user } = useStoreState(session.store.liveState$);
  return <ActivityPage activity={activity} admin={isAdmin(user)} userId={user?.id ?? 0} />;
}

/** `/activity/object/<type>/<id>`. */
export function ObjectHistoryRoute() {
  const { activity } = useServices();
  const { type = '', id = '' } = useParams();
  return <ObjectHistoryPage activity={activity} object={{ type, id: /^\d{1,9}$/.test(id) ? Number(id) : id }} />;
}
