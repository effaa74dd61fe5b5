/**
 * The outbox (issue 14 item 5), read by the Outbox page: `GET /api/v1/report/outbox/?q=(page,page_size)`,
 * `GET /api/v1/report/outbox/{id}` (the whole mail, HTML included) and
 * `GET /api/v1/report/outbox/{id}/attachment/{n}` (the file, byte for byte). Each answer says whether an
 * SMTP server is configured. Needs the ReportSchedule read permission, like the reports' own routes.
 */
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import type { Response } from 'express';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { RisonQuery } from '../common/rison';
import { MailConfig } from './mail-config';
import { OutboxStore, outboxQuery, type OutboxQuery } from './outbox-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');
const deliveryIdOf = (param: string) => {
  if (!UUID.test(param)) throw notFound();
  return param.toLowerCase();
};

export const NO_SMTP_MESSAGE =
  'No SMTP server is configured (SMTP_HOST is not set): report mails are kept in this outbox instead of being sent.';

@Controller('api/v1/report/outbox')
export class OutboxController {
  constructor(
    private readonly outbox: OutboxStore,
    private readonly config: MailConfig,
  ) {}

  private status() {
    const configured = this.config.smtp !== null;
    return { smtp_configured: configured, message: configured ? null : NO_SMTP_MESSAGE };
  }

  @Get()
  @RequirePermission(Permission.READ, View.REPORT_SCHEDULE)
  async list(@RisonQuery(outboxQuery) q: OutboxQuery, @ReqUser() user: CurrentUser) {
    return { ...(await this.outbox.list(q, user)), ...this.status() };
  }

  @Get(':id')
  @RequirePermission(Permission.READ, View.REPORT_SCHEDULE)
  async get(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    const result = await this.outbox.get(deliveryIdOf(param), user);
    if (!result) throw notFound();
    return { id: result.id, result, ...this.status() };
  }

  @Get(':id/attachment/:n')
  @RequirePermission(Permission.READ, View.REPORT_SCHEDULE)
  async attachment(
    @Param('id') param: string,
    @Param('n') n: string,
    @ReqUser() user: CurrentUser,
    @Res() res: Response,
  ): Promise<void> {
    if (!/^\d{1,4}$/.test(n)) throw notFound();
    const file = await this.outbox.attachment(deliveryIdOf(param), Number(n), user);
    if (!file) throw notFound();
    res.setHeader('content-type', file.content_type);
    res.setHeader('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`);
    res.setHeader('content-length', String(file.content.length));
    res.end(file.content);
  }
}
