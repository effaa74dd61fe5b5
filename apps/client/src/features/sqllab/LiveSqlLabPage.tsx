import { useSendOnLeave } from './persistence/send-on-leave';
import { SqlLabPage } from './SqlLabPage';
import type { SqlLabFeature } from './sqllab.feature';

/**
 * /sqllab/ for the signed-in user: SqlLabPage on the live store, which sends what is pending when the
 * user leaves. A replay shows SqlLabPage on a past store, where nothing is ever sent.
 */
export function LiveSqlLabPage({ sqllab }: { sqllab: SqlLabFeature }) {
  useSendOnLeave(sqllab);
  return <SqlLabPage sqllab={sqllab} />;
}
