/** `POST /api/v1/sqllab/estimate/`: the editor's "Estimate cost" button (REFERENCE §1.1). */
import { Controller, HttpCode, Post } from '@nestjs/common';
import { Permission, PermissionView as View } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import { ZodBody } from '../../common/zod-validation.pipe';
import { EstimateService } from './estimate.service';
import { coercedRecordId } from '../../common/ids';

export const estimateBodySchema = z.object({
  database_id: coercedRecordId,
  sql: z.string().min(1).max(1_000_000),
  template_params: z.union([z.string().max(100_000), z.record(z.string(), z.unknown())]).nullish(),
  catalog: z.string().max(256).nullish(),
  schema: z.string().max(256).nullish(),
});

@Controller('api/v1/sqllab')
export class EstimateController {
  constructor(private readonly estimates: EstimateService) {}

  @Post('estimate')
  @HttpCode(200)
  @RequirePermission(Permission.ESTIMATE_QUERY_COST, View.SQL_LAB)
  async estimate(@ZodBody(estimateBodySchema) body: z.output<typeof estimateBodySchema>, @ReqUser() user: CurrentUser) {
    return { result: await this.estimates.estimate(body, user) };
  }
}
