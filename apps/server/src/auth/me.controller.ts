import { Controller, Get } from '@nestjs/common';
import type { CurrentUser } from './current-user';
import { ReqUser } from './guards/decorators';
import { meOf } from './me';

@Controller('api/v1/me')
export class MeController {
  @Get()
  me(@ReqUser() user: CurrentUser) {
    return { result: meOf(user) };
  }
}
