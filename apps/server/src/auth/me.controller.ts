import { Controller, Get } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import type { CurrentUser } from './current-user';
import { ReqUser } from './guards/decorators';
import { meOf } from './me';

@Controller('api/v1/me')
export class MeController {
  constructor(private readonly config: AppConfig) {}

  /** The user and the effective feature flags: the client turns features on from these (issue 4). */
  @Get()
  me(@ReqUser() user: CurrentUser) {
    return { result: { ...meOf(user), feature_flags: { ...this.config.featureFlags } } };
  }
}
