/**
 * The Query read model over REST (REFERENCE §1.2): history `GET /api/v1/query/?q=`, the client's poll
 * `GET /api/v1/query/updated_since?q=(last_updated_ms:...)`, one query `GET /api/v1/query/{id}` (numeric
 * id or client id), and Stop `POST /api/v1/query/stop {client_id}`.
 */
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ErrorType, isAdmin, Permission, PermissionView } from '@strata/domain';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import { httpError } from '../../auth/http-error';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { QueriesReader, queryNotFound } from './queries.reader';
import { queryListSchema, stopSchema, updatedSinceSchema, type QueryListParams } from './queries.schemas';
import { QueryRuns } from './query-runs';
import { RisonQuery } from '../../common/rison';

const stopBody = new ZodValidationPipe(stopSchema);

@Controller('api/v1/query')
@RequirePermission(Permission.READ, PermissionView.QUERY)
export class QueriesController {
  constructor(
    private readonly reader: QueriesReader,
    private readonly runs: QueryRuns,
  ) {}

  @Get()
  async list(@ReqUser() user: CurrentUser, @RisonQuery(queryListSchema) params: QueryListParams) {
    return this.reader.list(user, params);
  }

  @Get('updated_since')
  async updatedSince(
    @ReqUser() user: CurrentUser,
    @RisonQuery(updatedSinceSchema) params: { last_updated_ms: number },
  ) {
    return { result: await this.reader.updatedSince(user, params.last_updated_ms) };
  }

  @Get(':id')
  async get(@ReqUser() user: CurrentUser, @Param('id') id: string) {
    if (!/^[A-Za-z0-9_-]{1,11}$/.test(id)) throw queryNotFound();
    const { dict } = await this.reader.get(id, user);
    return { id: dict.queryId, result: dict };
  }

  /**
   * Marks the run stopped (an event); the session holding it cancels the statement in the database. A
   * Stop may overtake its run's execute request (the client sends it at once, under load the execute is
   * still on its way), so a client id not started yet is not a 404: the Stop is kept in the run's stream
   * and the run starts stopped (query-run.decider.ts).
   */
  @Post('stop')
  @HttpCode(200)
  async stop(@ReqUser() user: CurrentUser, @Body() body: unknown) {
    const { client_id } = stopBody.transform(body, { type: 'body' });
    const owner = (await this.runs.state(client_id)).started?.userId;
    if (owner !== undefined && owner !== user.id && !isAdmin(user))
      throw httpError(403, ErrorType.QUERY_SECURITY_ACCESS_ERROR, 'Only the owner of a query can stop it.');
    // Before the run exists nobody owns it yet: a non-admin's kept Stop applies only to their own run.
    const onlyFor = isAdmin(user) ? {} : { onlyFor: user.id };
    await this.runs.decide(client_id, { type: 'StopQuery', at: Date.now(), ...onlyFor }, String(user.id));
    return { result: 'OK' };
  }
}
