/** What other modules use from auth. */
export { AuthModule } from './auth.module';
export { Authenticator, type CredentialsCarrier, type CurrentUser, type GuestIdentity } from './current-user';
export { CsrfExempt, Public, ReqUser, RequirePermission } from './guards/decorators';
export { AuthGuard, CSRF_INVALID, CSRF_MISSING } from './guards/auth.guard';
export { credentialsOf, type HttpRequest } from './http-request';
export { meOf, type MeResponse } from './me';
export { hasPermission, isAdmin, permissionsOf, rolePermissions, ROLE_NAMES } from './roles';
export { SESSION_COOKIE, SessionService } from './sessions/session.service';
export { TokenService } from './tokens/token.service';
export { ApiTokens } from './tokens/api-tokens.service';
export { UsersService, type Actor, type NewUser, type UserChanges } from './users/users.service';
export type { UserRow } from './users/user-row';
