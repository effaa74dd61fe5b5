/**
 * `GET /strata/fetch_datasource_metadata?datasourceKey={id}__{type}` (sqllab-and-platform §7, sqllab-and-platform
 * "Datasource key"): the dataset Explore opens, with its columns, metrics, formats and verbose map.
 * The legacy `/superset/` path answers the same, for clients built against the usual BI tools.
 */
import { Controller, Get } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { ZodQuery } from '../common/zod-validation.pipe';
import { DatasetsService } from './datasets.service';

/** Types that name a dataset here; query and saved_query keys have no dataset behind them. */
const DATASET_TYPES = ['table', 'dataset', 'sl_table'];

export const datasourceKeySchema = z.object({
  datasourceKey: z.string().regex(/^\d{1,9}__[a-z_]{1,32}$/, 'The datasource key has the form {id}__{type}.'),
});

export function parseDatasourceKey(key: string): { id: number; type: string } {
  const [id, type] = key.split('__');
  return { id: Number(id), type };
}

@Controller()
export class DatasourceMetadataController {
  constructor(private readonly datasets: DatasetsService) {}

  @Get(['strata/fetch_datasource_metadata', 'superset/fetch_datasource_metadata'])
  @RequirePermission(Permission.READ, View.DATASET)
  async metadata(
    @ZodQuery(datasourceKeySchema) query: z.output<typeof datasourceKeySchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const { id, type } = parseDatasourceKey(query.datasourceKey);
    if (!DATASET_TYPES.includes(type)) {
      throw new StrataHttpException(
        400,
        ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
        `The datasource type ${type} has no metadata here.`,
      );
    }
    const dataset = await this.datasets.get(id, user);
    if (!dataset) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Dataset not found.');
    return dataset;
  }
}
