/**
 * Signing in and out. Browsers use `POST /login/` (a session cookie, then CSRF tokens for writes);
 * API clients use `POST /api/v1/security/login` (a bearer token, no cookie, no CSRF) and
 * `POST /api/v1/security/logout` with that token.
 */
import { Controller, Get, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { parseCookie } from 'cookie';
import type { z } from 'zod';
import { ZodBody } from '../../common/zod-validation.pipe';
import type { CurrentUser } from '../current-user';
import { CsrfExempt, Public, ReqUser } from '../guards/decorators';
import { unauthorized } from '../http-error';
import { clientOf, type HttpRequest, type HttpResponse } from '../http-request';
import { meOf } from '../me';
import { SESSION_COOKIE, SessionService } from '../sessions/session.service';
import { ApiTokens } from '../tokens/api-tokens.service';
import { RolesService } from '../roles/roles.service';
import { UsersService } from '../users/users.service';
import { apiLoginSchema, browserLoginSchema } from './login.schemas';
import { LoginThrottled } from './login-throttle';
import { LoginService, type ClientInfo } from './login.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

@Controller()
export class LoginController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionService,
    private readonly apiTokens: ApiTokens,
    private readonly users: UsersService,
    private readonly roles: RolesService,
  ) {}

  @Post('login')
  @Public()
  @CsrfExempt()
  @HttpCode(200)
  async browserLogin(
    @ZodBody(browserLoginSchema) { username, password }: z.output<typeof browserLoginSchema>,
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpResponse,
  ) {
    const client = clientOf(req);
    const user = await this.checked(username, password, client, res);
    // A fresh session id on every login (no session fixation); the old one, if any, ends.
    const previous = parseCookie(req.headers.cookie ?? '')[SESSION_COOKIE];
    if (previous) await this.sessions.end(previous);
    const session = await this.login.recordLogin(user, 'session', client, (tx) =>
      this.sessions.create(user.id, client, tx),
    );
    setSessionCookie(req, res, session.cookieValue);
    const row = (await this.users.findById(user.id))!;
    return { result: meOf(row, await this.roles.pairsByRole(row.roles)) };
  }

  /**
   * Ends the session the request signs in with: the browser's (cookie) or an API client's (`Authorization:
   * Bearer` with its access or its refresh token: both, and every token minted from them, stop working).
   * CSRF-exempt: the cookie is SameSite=Lax, and the worst a forged logout can do is log someone out.
   */
  @Post(['logout', 'api/v1/security/logout'])
  @Public()
  @CsrfExempt()
  @HttpCode(200)
  async logout(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpResponse) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) {
      const ended = await this.apiTokens.revoke(bearer);
      const user = ended ? await this.users.findById(ended.userId) : null;
      if (ended && user) await this.login.recordLogout(user.id, user.username, ended.idHash);
      return { result: 'ok' };
    }
    const cookie = parseCookie(req.headers.cookie ?? '')[SESSION_COOKIE];
    const ended = cookie ? await this.sessions.end(cookie) : null;
    if (ended && req.strataUser) await this.login.recordLogout(ended.userId, req.strataUser.username, ended.idHash);
    clearSessionCookie(req, res);
    return { result: 'ok' };
  }

  @Post('api/v1/security/login')
  @Public()
  @CsrfExempt()
  @HttpCode(200)
  async apiLogin(
    @ZodBody(apiLoginSchema) { username, password, refresh }: z.output<typeof apiLoginSchema>,
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpResponse,
  ) {
    const client = clientOf(req);
    const user = await this.checked(username, password, client, res);
    return this.login.recordLogin(user, 'token', client, (tx) =>
      this.apiTokens.issue(user.id, { refresh, client, tx }),
    );
  }

  /** `Authorization: Bearer <refresh_token>` -> a new access token (Flask-AppBuilder's refresh endpoint). */
  @Post('api/v1/security/refresh')
  @Public()
  @CsrfExempt()
  @HttpCode(200)
  async refresh(@Headers('authorization') authorization: string | undefined) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    const refreshed = token ? await this.apiTokens.refresh(token) : null;
    const user = refreshed ? await this.users.findById(refreshed.userId) : null;
    if (!refreshed || !user?.active) throw unauthorized('The refresh token is invalid or has expired. Log in again.');
    return { access_token: refreshed.accessToken };
  }

  /** The user the credentials prove; a throttled attempt's 429 says when to try again (Retry-After). */
  private async checked(username: string, password: string, client: ClientInfo, res: HttpResponse) {
    try {
      return await this.login.check(username, password, client);
    } catch (error) {
      if (error instanceof LoginThrottled) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  /**
   * The token browsers send as X-CSRFToken on writes. Bearer clients never need one, but tools written for
   * other BI servers ask anyway, so they get a token derived from their user.
   */
  @Get('api/v1/security/csrf_token')
  csrfToken(@ReqUser() user: CurrentUser) {
    return { result: this.sessions.csrfToken(user.sessionId ?? `user:${user.via}:${user.id}`) };
  }
}
