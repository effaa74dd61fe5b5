import type { Authenticator, CredentialsCarrier } from '../auth/current-user';
import type { StrataSocket } from './socket-types';

export const UNAUTHENTICATED_MESSAGE =
  'Unauthorized: sign in first (session cookie) or pass an access token as auth.token or an Authorization: Bearer header.';

/**
 * The handshake check, as a socket.io middleware: a socket that proves no identity never connects; the
 * client receives `connect_error` with UNAUTHENTICATED_MESSAGE and `data.status` 401.
 */
export function authenticateHandshake(authenticator: Authenticator) {
  return (socket: StrataSocket, next: (err?: Error) => void): void => {
    authenticator
      .authenticate(credentialsOf(socket))
      .then((user) => {
        if (!user) return next(refusal(UNAUTHENTICATED_MESSAGE, 401));
        const tab: unknown = socket.handshake.auth?.sessionId;
        socket.data.user = user;
        socket.data.sessionId = typeof tab === 'string' && tab.length > 0 && tab.length <= 100 ? tab : socket.id;
        socket.data.presence = {};
        next();
      })
      .catch(() => next(refusal('Authentication is unavailable right now; try again shortly.', 503)));
  };
}

function credentialsOf(socket: StrataSocket): CredentialsCarrier {
  const headers = socket.handshake.headers;
  const auth = (socket.handshake.auth ?? {}) as { token?: unknown; guestToken?: unknown };
  const header = (name: string): string | undefined => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  // Browsers cannot set headers on a WebSocket, so tokens also come in the handshake's auth payload.
  const authorization =
    header('authorization') ?? (typeof auth.token === 'string' ? `Bearer ${auth.token}` : undefined);
  const guestToken = header('x-guesttoken') ?? (typeof auth.guestToken === 'string' ? auth.guestToken : undefined);
  return { cookie: header('cookie'), authorization, guestToken, renderToken: header('x-strata-render-token') };
}

function refusal(message: string, status: number): Error {
  // socket.io sends `data` along with the message in the client's connect_error.
  return Object.assign(new Error(message), { data: { status } });
}
