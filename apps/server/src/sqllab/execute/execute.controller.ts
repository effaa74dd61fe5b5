/** `POST /api/v1/sqllab/execute/`: 200 with the results (sync) or 202 with the pending query (async). */
import { Controller, Post, Res } from '@nestjs/common';
import { DISPLAY_MAX_ROW } from '@strata/domain';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser } from '../../auth/guards/decorators';
import type { HttpResponse } from '../../auth/http-request';
import { sendJson } from '../results/send-json';
import { ZodBody } from '../../common/zod-validation.pipe';
import { executeSchema, type ExecuteBody } from './execute.schema';
import { ExecuteService } from './execute.service';

@Controller('api/v1/sqllab/execute')
export class ExecuteController {
  constructor(private readonly service: ExecuteService) {}

  // The permission (can_execute_sql_query on SQLLab) is checked in the service, before the database.
  @Post()
  async execute(
    @ReqUser() user: CurrentUser,
    @ZodBody(executeSchema) body: ExecuteBody,
    @Res() res: HttpResponse,
  ): Promise<void> {
    const answer = await this.service.execute(user, body, DISPLAY_MAX_ROW);
    sendJson(res, answer.httpStatus, answer.body);
  }
}
