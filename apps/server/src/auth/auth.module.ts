/**
 * Authentication and authorisation for the whole server. Global: every module can inject the
 * Authenticator (the socket gateway does, for handshakes), UsersService, TokenService, ApiTokens and SessionService,
 * and the APP_GUARD below protects every controller unless it is marked @Public().
 *
 * Needs, from the application: AppConfig (ConfigModule), TypeORM's DataSource with this module's migration
 * run, and the EventStore.
 */
import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EventStore } from '../event-store/event-store.port';
import { StrataAuthenticator } from './authenticator.service';
import { Authenticator } from './current-user';
import { FirstAdminService } from './first-start/first-admin.service';
import { AuthGuard } from './guards/auth.guard';
import { DecideLoginHandler } from './login/decide-login';
import { LoginController } from './login/login.controller';
import { LoginService } from './login/login.service';
import { LoginThrottle } from './login/login-throttle';
import { MeController } from './me.controller';
import { OwnPassword } from './me-password';
import { SessionService } from './sessions/session.service';
import { ApiTokens } from './tokens/api-tokens.service';
import { TokenService } from './tokens/token.service';
import { DecideRoleHandler } from './roles/decide-role';
import { RolesController } from './roles/roles.controller';
import { rolesProjection } from './roles/roles.projection';
import { RolesService } from './roles/roles.service';
import { DecideUserHandler } from './users/decide-user';
import { UsersController } from './users/users.controller';
import { usersProjection } from './users/users.projection';
import { UsersService } from './users/users.service';

@Global()
@Module({
  controllers: [LoginController, MeController, UsersController, RolesController],
  providers: [
    OwnPassword,
    TokenService,
    ApiTokens,
    SessionService,
    UsersService,
    RolesService,
    LoginService,
    LoginThrottle,
    FirstAdminService,
    DecideUserHandler,
    DecideRoleHandler,
    DecideLoginHandler,
    { provide: Authenticator, useClass: StrataAuthenticator },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [Authenticator, UsersService, RolesService, TokenService, ApiTokens, SessionService],
})
export class AuthModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  /** Before any bootstrap hook (the first admin is created in one) can append a user event. */
  onModuleInit(): void {
    this.store.registerProjection(usersProjection());
    this.store.registerProjection(rolesProjection());
  }
}
