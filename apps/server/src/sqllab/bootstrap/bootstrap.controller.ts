/** `GET /api/v1/sqllab/`: everything the SQL Lab page needs to start (REFERENCE §1.1). */
import { Controller, Get } from '@nestjs/common';
import { Permission, PermissionView as View } from '@strata/domain';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import { BootstrapService } from './bootstrap.service';

@Controller('api/v1/sqllab')
export class BootstrapController {
  constructor(private readonly bootstrap: BootstrapService) {}

  @Get()
  @RequirePermission(Permission.READ, View.SQL_LAB)
  async get(@ReqUser() user: CurrentUser) {
    return { result: await this.bootstrap.bootstrap(user) };
  }
}
