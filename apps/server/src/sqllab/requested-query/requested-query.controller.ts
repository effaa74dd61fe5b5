/**
 * `POST /sqllab/` with `form_data` (sqllab-and-platform §2): a chart's "View query" opened in a new browser tab posts
 * its datasource key and SQL as an HTML form, and gets the SQL Lab page carrying that query, which the
 * client opens in a new editor tab. The in-app path (a router push) needs no server at all.
 */
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { Permission, PermissionView as View } from '@strata/domain';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { RequirePermission } from '../../auth/guards/decorators';
import { spaOf } from '../../common/spa';
import { ZodBody } from '../../common/zod-validation.pipe';

const requestedQuerySchema = z.object({
  datasourceKey: z.string().regex(/^\d+__table$/, "must name a dataset as '<id>__table'"),
  sql: z.string().max(1_000_000),
});

export const requestedQueryFormSchema = z.object({
  form_data: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(requestedQuerySchema),
  csrf_token: z.string().optional(),
});

@Controller('sqllab')
export class RequestedQueryController {
  @Post()
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.SQL_LAB)
  open(
    @ZodBody(requestedQueryFormSchema) body: z.output<typeof requestedQueryFormSchema>,
    @Req() req: Request,
    @Res() res: Response,
  ): void {
    spaOf(req).serve(res, { requestedQuery: body.form_data });
  }
}
