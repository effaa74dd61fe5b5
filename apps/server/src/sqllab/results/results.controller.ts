/**
 * `GET /api/v1/sqllab/results/?q=(key:'...',rows:N)` (REFERENCE §1.1): the stored result of a finished
 * run, as execute answers it, sent from the stored bytes. 404 when no query has the key (or it is
 * someone else's), 410 when the stored result expired.
 */
import { Controller, Get, Res } from '@nestjs/common';
import { ErrorType, Permission, PermissionView, SQL_MAX_ROW } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import type { HttpResponse } from '../../auth/http-request';
import { StrataHttpException } from '../../common/error-body';
import { canSeeAllQueries, QueriesReader } from '../queries/queries.reader';
import { queryToDict } from '../queries/query-row';
import { RisonQuery } from '../../common/rison';
import { PENDING_WAIT_MS, ResultsStore } from './results-store';
import { sendJson } from './send-json';
import { successPayload } from './success-payload';

export const RESULTS_EXPIRED =
  'Data could not be retrieved from the results backend. You need to re-run the original query.';

const resultsSchema = z
  .object({ key: z.string().min(1).max(64), rows: z.number().int().positive().max(SQL_MAX_ROW).optional() })
  .strict();

@Controller('api/v1/sqllab/results')
@RequirePermission(Permission.GET_RESULTS, PermissionView.SQL_LAB)
export class ResultsController {
  constructor(
    private readonly reader: QueriesReader,
    private readonly results: ResultsStore,
  ) {}

  @Get()
  async get(
    @ReqUser() user: CurrentUser,
    @RisonQuery(resultsSchema) params: z.output<typeof resultsSchema>,
    @Res() res: HttpResponse,
  ): Promise<void> {
    const row = await this.reader.byResultsKey(params.key);
    if (!row || (row.user_id !== user.id && !canSeeAllQueries(user))) {
      throw new StrataHttpException(
        404,
        ErrorType.RESULTS_BACKEND_ERROR,
        'The query associated with the results was deleted.',
      );
    }
    // A run that just finished may still be writing its result (in another server process).
    const endedMsAgo = Date.now() - Number(row.end_time ?? 0);
    const loaded = await this.results.load(params.key, { mayBePending: endedMsAgo < PENDING_WAIT_MS });
    if (loaded.state !== 'found') throw new StrataHttpException(410, ErrorType.RESULTS_BACKEND_ERROR, RESULTS_EXPIRED);
    sendJson(res, 200, successPayload(queryToDict(row), loaded.result, params.rows ?? SQL_MAX_ROW));
  }
}
