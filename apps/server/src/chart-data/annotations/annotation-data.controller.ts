/**
 * `POST /api/v1/chart/annotation_data` (charts-dashboards-reports §7 "POST to the annotation data URL"):
 * one layer's data, as the client's annotation query (§4) asks for it: `{annotation_layer, form_data}`
 * (form_data: the annotated chart's, for the overrides) → `{result: {name, data}}`. A bad layer is a 400
 * naming its field; a missing or unreadable chart 404/403.
 */
import { Controller, HttpCode, Post } from '@nestjs/common';
import { annotationLayerSchema, Permission, PermissionView as View } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import { ZodBody } from '../../common/zod-validation.pipe';
import { AnnotationDataService } from './annotation-data';

const annotationDataBody = z.object({
  annotation_layer: annotationLayerSchema,
  form_data: z.record(z.string(), z.unknown()).default({}),
  force: z.boolean().default(false),
});

@Controller()
export class AnnotationDataController {
  constructor(private readonly annotations: AnnotationDataService) {}

  @Post('api/v1/chart/annotation_data')
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.CHART)
  async data(@ZodBody(annotationDataBody) body: z.output<typeof annotationDataBody>, @ReqUser() user: CurrentUser) {
    const layer = body.annotation_layer;
    const data = await this.annotations.layerData(layer, body.form_data, user, body.force);
    return { result: { name: layer.name, data } };
  }
}
