import { tabStateStream } from '@strata/domain';
import { of } from 'rxjs';
import { useOptionalServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { useOnScreen } from '../timetravel/use-read-only';
import { useSendOnLeave } from './persistence/send-on-leave';
import { SqlLabPage } from './SqlLabPage';
import type { SqlLabFeature } from './sqllab.feature';

/**
 * /sqllab/ for the signed-in user: SqlLabPage on the live store, which sends what is pending when the
 * user leaves. A replay shows SqlLabPage on a past store, where nothing is ever sent.
 */
export function LiveSqlLabPage({ sqllab }: { sqllab: SqlLabFeature }) {
  useSendOnLeave(sqllab);
  useOnScreen(useTabStateStream());
  return <SqlLabPage sqllab={sqllab} />;
}

const NO_SESSION = of(null);

/** The user's SQL Lab tabs on the server (`tabstate:<id>`): "Report a bug" exports their events. */
function useTabStateStream(): string[] {
  const session = useOptionalServices()?.session;
  // Pages under test may run without the app's services: then there is no session to name.
  const state = useStoreState(session?.store.liveState$ ?? NO_SESSION);
  const id = state?.user?.id;
  return id ? [tabStateStream(id)] : [];
}
