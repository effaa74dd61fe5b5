import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { z } from 'zod';
import { ZodBody } from '../common/zod-validation.pipe';
import { AppConfig } from '../config/app-config';
import type { CurrentUser } from './current-user';
import { ReqUser } from './guards/decorators';
import { clientOf, type HttpRequest } from './http-request';
import { meOf } from './me';
import { changeOwnPasswordSchema, OwnPassword } from './me-password';
import { RolesService } from './roles/roles.service';

@Controller('api/v1/me')
export class MeController {
  constructor(
    private readonly config: AppConfig,
    private readonly ownPassword: OwnPassword,
    private readonly roles: RolesService,
  ) {}

  /** The user and the effective feature flags: the client turns features on from these (issue 4). */
  @Get()
  async me(@ReqUser() user: CurrentUser) {
    const custom = await this.roles.pairsByRole(user.roles);
    return { result: { ...meOf(user, custom), feature_flags: { ...this.config.featureFlags } } };
  }

  /** The profile page's password change; the new password follows the same rules as an admin's. */
  @Post('password')
  @HttpCode(200)
  async changePassword(
    @ZodBody(changeOwnPasswordSchema) input: z.output<typeof changeOwnPasswordSchema>,
    @ReqUser() user: CurrentUser,
    @Req() req: HttpRequest,
  ) {
    await this.ownPassword.change(user, input.current_password, input.new_password, clientOf(req));
    return { message: 'Password changed. Sign in again with the new password.' };
  }
}
