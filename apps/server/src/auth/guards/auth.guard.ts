/**
 * The global guard (APP_GUARD): authenticates every HTTP request (bearer token, guest token or session
 * cookie), refuses anonymous calls to non-public routes with 401, refuses mutating cookie requests without
 * a valid CSRF token (X-CSRFToken, or a form post's csrf_token field) with 400 FRONTEND_CSRF_ERROR, and enforces @RequirePermission with 403.
 *
 * Bearer and guest requests skip CSRF: a cross-site page can make the browser send cookies, but never an
 * Authorization or X-GuestToken header.
 */
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorType } from '@strata/domain';
import { Authenticator } from '../current-user';
import { httpError, unauthorized } from '../http-error';
import { credentialsOf, csrfTokenOf, type HttpRequest } from '../http-request';
import { accessErrorType, hasPermission } from '../roles';
import { SessionService } from '../sessions/session.service';
import { CSRF_EXEMPT, IS_PUBLIC, REQUIRED_PERMISSION, type RequiredPermission } from './decorators';
import { renderTokenMayUse } from './render-scope';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MISSING = 'The CSRF token is missing.';
export const CSRF_INVALID = 'The CSRF token is invalid.';

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket.io handshakes are authenticated by the gateway with the same Authenticator.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const flag = (key: string) => this.reflector.getAllAndOverride<boolean | undefined>(key, targets) === true;
    const req = context.switchToHttp().getRequest<HttpRequest>();

    const user = await this.authenticator.authenticate(credentialsOf(req));
    if (user) req.strataUser = user;
    else if (!flag(IS_PUBLIC)) throw unauthorized();

    if (user?.via === 'render' && !renderTokenMayUse(req.method, req.url)) {
      throw httpError(403, ErrorType.GENERIC_BACKEND_ERROR, 'A report render token only reads report pages.');
    }
    if (user?.via === 'cookie' && !SAFE_METHODS.has(req.method ?? 'GET') && !flag(CSRF_EXEMPT)) {
      const token = csrfTokenOf(req);
      if (!token) throw httpError(400, ErrorType.FRONTEND_CSRF_ERROR, CSRF_MISSING);
      if (!user.sessionId || !this.sessions.isValidCsrfToken(user.sessionId, token)) {
        throw httpError(400, ErrorType.FRONTEND_CSRF_ERROR, CSRF_INVALID);
      }
    }

    const required = this.reflector.getAllAndOverride<RequiredPermission | undefined>(REQUIRED_PERMISSION, targets);
    if (required) {
      if (!user) throw unauthorized();
      if (!hasPermission(user, required.permission, required.view)) {
        throw httpError(
          403,
          accessErrorType(required.view),
          `You do not have permission to do this (${required.permission} on ${required.view}). Ask an administrator for access.`,
        );
      }
    }
    return true;
  }
}
