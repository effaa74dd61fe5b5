/**
 * Resolves a request's credentials to a CurrentUser: `Authorization: Bearer <token>` first, then
 * `X-Strata-Render-Token` (the report renderer), then `X-GuestToken`, then the `strata_session` cookie. Shared by the HTTP guard and the socket.io handshake.
 * A user, their session and their custom roles' pairs are re-read on every call, so a logout, a
 * deactivation, a role change or a change of a role's permissions applies to the very next request.
 */
import { Injectable } from '@nestjs/common';
import { parseCookie } from 'cookie';
import { Authenticator, type CredentialsCarrier, type CurrentUser } from './current-user';
import { GUEST_ROLE, permissionsOf } from './roles';
import { RolesService } from './roles/roles.service';
import { SESSION_COOKIE, SessionService } from './sessions/session.service';
import { TokenService } from './tokens/token.service';
import type { UserRow } from './users/user-row';
import { UsersService } from './users/users.service';

type SessionOf = Pick<CurrentUser, 'sessionId' | 'tokenSessionId'>;

/** `permissions`: the row's roles' pairs, custom roles included (RolesService.permissionsOf). */
export function currentUserOf(
  row: UserRow,
  via: CurrentUser['via'],
  session: SessionOf = {},
  permissions: [string, string][] = permissionsOf(row.roles),
): CurrentUser {
  const user: CurrentUser = {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    roles: row.roles,
    permissions,
    via,
  };
  if (session.sessionId) user.sessionId = session.sessionId;
  if (session.tokenSessionId) user.tokenSessionId = session.tokenSessionId;
  return user;
}

@Injectable()
export class StrataAuthenticator extends Authenticator {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly roles: RolesService,
  ) {
    super();
  }

  async authenticate(credentials: CredentialsCarrier): Promise<CurrentUser | null> {
    // A request that shows a token is judged by that token alone: a bad one is not rescued by a cookie.
    if (credentials.authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(credentials.authorization);
      const claims = match ? this.tokens.verify(match[1], 'access') : null;
      const session = claims ? await this.sessions.resolveToken(claims.sid) : null;
      if (!claims || !session || session.userId !== claims.userId) return null;
      return this.activeUser(claims.userId, 'bearer', { tokenSessionId: session.idHash });
    }
    if (credentials.renderToken !== undefined) {
      const claims = this.tokens.verifyRender(credentials.renderToken);
      const session = claims ? await this.sessions.resolveToken(claims.sid) : null;
      if (!claims || !session || session.userId !== claims.userId) return null;
      return this.activeUser(claims.userId, 'render', { tokenSessionId: session.idHash });
    }
    if (credentials.guestToken !== undefined) return this.guest(credentials.guestToken);
    const cookie = credentials.cookie ? parseCookie(credentials.cookie)[SESSION_COOKIE] : undefined;
    if (!cookie) return null;
    const session = await this.sessions.resolve(cookie);
    return session ? this.activeUser(session.userId, 'cookie', { sessionId: session.idHash }) : null;
  }

  async recheck(user: CurrentUser): Promise<CurrentUser | null> {
    // A guest token cannot be revoked (the embedding host issues them, for minutes); its grants are fixed.
    if (user.via === 'guest') return user;
    const session = user.via === 'cookie' ? user.sessionId : user.tokenSessionId;
    if (!session || !(await this.sessions.isLive(session))) return null;
    return this.activeUser(user.id, user.via, { sessionId: user.sessionId, tokenSessionId: user.tokenSessionId });
  }

  private async activeUser(id: number, via: CurrentUser['via'], session: SessionOf): Promise<CurrentUser | null> {
    const row = await this.users.findById(id);
    // A custom role's pairs are read on every request too: a change of its permissions applies at once.
    return row?.active ? currentUserOf(row, via, session, await this.roles.permissionsOf(row.roles)) : null;
  }

  /** Guests are not users of this instance: id 0, the guest role's permissions, and the token's grants. */
  private guest(token: string): CurrentUser | null {
    const guest = this.tokens.verifyGuest(token);
    if (!guest) return null;
    return {
      id: 0,
      username: guest.user.username,
      firstName: guest.user.first_name ?? '',
      lastName: guest.user.last_name ?? '',
      email: '',
      roles: [GUEST_ROLE],
      permissions: permissionsOf([GUEST_ROLE]),
      via: 'guest',
      guest,
    };
  }
}
