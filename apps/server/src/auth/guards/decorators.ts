/**
 * What other modules put on their controllers. Every route needs a logged-in user unless it says
 * `@Public()`; mutating cookie requests need a CSRF header unless `@CsrfExempt()`.
 */
import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { CurrentUser } from '../current-user';
import { unauthorized } from '../http-error';
import type { HttpRequest } from '../http-request';

export const IS_PUBLIC = 'strata:auth:public';
export const CSRF_EXEMPT = 'strata:auth:csrf-exempt';
export const REQUIRED_PERMISSION = 'strata:auth:permission';

/** Anyone may call it; the user is still resolved when credentials are sent (`@ReqUser({ optional: true })`). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Skips the CSRF check, for endpoints a browser must reach without a token (login, the user log beacon). */
export const CsrfExempt = () => SetMetadata(CSRF_EXEMPT, true);

export interface RequiredPermission {
  permission: string;
  view: string;
}

/** Only users whose roles grant (permission, view) may call it; admins always may. Others get 403. */
export const RequirePermission = (permission: string, view: string) =>
  SetMetadata(REQUIRED_PERMISSION, { permission, view } satisfies RequiredPermission);

/**
 * The CurrentUser of the request. By default a missing user is a 401 (only possible on `@Public()`
 * routes); `@ReqUser({ optional: true })` gives undefined instead.
 */
export const ReqUser = createParamDecorator(
  (options: { optional?: boolean } | undefined, ctx: ExecutionContext): CurrentUser | undefined => {
    const user = ctx.switchToHttp().getRequest<HttpRequest>().strataUser;
    if (!user && !options?.optional) throw unauthorized();
    return user;
  },
);
