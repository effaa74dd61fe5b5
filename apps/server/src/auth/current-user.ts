/**
 * Who is asking. Produced by the Authenticator from a session cookie, a bearer token or a guest token;
 * consumed by REST guards and the socket.io gateway.
 */
export interface CurrentUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
  /** (permission, view) pairs of all the user's roles, e.g. ['can_write', 'Dashboard']. */
  permissions: [string, string][];
  /** How the request proved who it is; CSRF is only checked for 'cookie'. */
  via: 'cookie' | 'bearer' | 'guest' | 'render';
  /**
   * For 'cookie': an opaque, stable id of the browser session (a hash of the cookie, never the cookie
   * itself), usable as an event's meta.sessionId.
   */
  sessionId?: string;
  /** For 'bearer' and 'render': the id hash of the token session the token belongs to (ended by logout). */
  tokenSessionId?: string;
  /** For 'guest': what the guest token grants (embedded dashboards) and its row-level-security rules. */
  guest?: GuestIdentity;
}

/** The claims of a guest token (REFERENCE §6.4): who the embedding host says the viewer is, and what they may see. */
export interface GuestIdentity {
  user: { username: string; first_name?: string; last_name?: string };
  resources: { type: 'dashboard'; id: string }[];
  rls: { dataset?: number; clause: string }[];
}

export interface CredentialsCarrier {
  /** Raw Cookie header. */
  cookie?: string;
  /** Raw Authorization header ("Bearer ..."). */
  authorization?: string;
  /** X-GuestToken header. */
  guestToken?: string;
  /** X-Strata-Render-Token header: the report renderer's Chromium (report-render/CONTEXT.md). */
  renderToken?: string;
}

/** Nest injection token: resolves credentials to a user, or null when they prove nothing. */
export abstract class Authenticator {
  abstract authenticate(credentials: CredentialsCarrier): Promise<CurrentUser | null>;
  /**
   * The same identity as it stands now (roles re-read), or null once its session has ended (logout,
   * password change, expiry) or the user is no longer active. For long-lived connections such as sockets,
   * which authenticate once at the handshake.
   */
  abstract recheck(user: CurrentUser): Promise<CurrentUser | null>;
}
