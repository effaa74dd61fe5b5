import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isAdmin } from '@strata/domain';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { ReplayForm } from './ReplayForm';
import { ReplayPage } from './ReplayPage';
import { replayApi } from './replay-api';
import { createReplay, type ReplayRequest } from './replay.feature';

/** `?user=<id>&since=<ISO>&until=<ISO>`, or null when one is missing or unreadable. */
export function replayRequestOf(params: URLSearchParams): ReplayRequest | null {
  const userId = Number(params.get('user'));
  const since = params.get('since');
  const until = params.get('until');
  if (!Number.isInteger(userId) || userId <= 0 || !since || !until) return null;
  if (Number.isNaN(Date.parse(since)) || Number.isNaN(Date.parse(until))) return null;
  return { userId, since: new Date(since).toISOString(), until: new Date(until).toISOString() };
}

/** /replay/: the form while the address lacks a user or a range, the replay once it has them. */
export default function ReplayRoute() {
  const { http, context, session } = useServices();
  const { user } = useStoreState(session.store.liveState$);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const request = replayRequestOf(params);
  const key = request ? `${request.userId} ${request.since} ${request.until}` : '';
  const api = useMemo(() => replayApi(http), [http]);
  const replay = useMemo(() => createReplay(context, api), [context, api, key]);
  useEffect(() => {
    if (request) void replay.open(request);
    return replay.start();
    // `key` is the request.
  }, [replay]);
  if (!user) return null;
  const choose = (r: ReplayRequest) =>
    navigate(`/replay/?${new URLSearchParams({ user: String(r.userId), since: r.since, until: r.until }).toString()}`);
  return (
    <>
      {!request && (
        <ReplayForm
          api={api}
          me={{ id: user.id, username: user.username }}
          admin={isAdmin(user)}
          initial={{}}
          now={context.now()}
          onChoose={choose}
        />
      )}
      {request && <ReplayPage replay={replay} />}
    </>
  );
}
