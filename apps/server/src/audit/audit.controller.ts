/**
 * `GET /api/v1/audit/?q=<rison>` (issue 13 item 1). Admins read every event; anyone else reads only their
 * own: their query is held to `actor = self`, and naming another actor is a 403 in the spec's error shape.
 * Checked on every request from the request's user (roles re-read by the auth guard).
 */
import { Controller, Get } from '@nestjs/common';
import { ErrorType, isAdmin } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { RisonQuery } from '../common/rison';
import { auditQuery, type AuditQuery } from './audit-query';
import { AuditService } from './audit.service';

const forbidden = (message: string) =>
  new StrataHttpException(403, ErrorType.USER_ACTIVITY_SECURITY_ACCESS_ERROR, message);

/** The query as this user may run it: a non-admin's is held to their own events. */
export function scopeAuditQuery(q: AuditQuery, user: CurrentUser): AuditQuery {
  // A guest token speaks for an embedding host's viewer, not for a user of this server.
  if (user.via === 'guest') throw forbidden('Embedded guests have no activity to read.');
  if (isAdmin(user)) return q;
  if (q.actor !== undefined && q.actor !== user.id)
    throw forbidden("You may only read your own activity: only admins read other users' events.");
  return { ...q, actor: user.id };
}

@Controller('api/v1/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  list(@RisonQuery(auditQuery) q: AuditQuery, @ReqUser() user: CurrentUser) {
    return this.audit.query(scopeAuditQuery(q, user));
  }
}
