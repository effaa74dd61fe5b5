/**
 * `GET /api/v1/log/recent_activity/?q=(page_size:n,distinct:!t,actor:id)` (Superset's route, issue 15 item 6):
 * the user's own recent views, edits and creations; only an admin may name another actor (the audit API's
 * rule, `scopeAuditQuery`). A read of the log through `AuditService`: nothing is written.
 */
import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { scopeAuditQuery } from '../audit/audit.controller';
import { AuditService, type AuditRow } from '../audit/audit.service';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser } from '../auth/guards/decorators';
import { RisonQuery } from '../common/rison';
import { withCurrentNames } from './current-names';
import { recentItems, type RecentItem } from './recent-activity';

export const recentActivityQuery = z.strictObject({
  actor: z.number().int().positive().optional(),
  page_size: z.number().int().min(1).max(100).default(20),
  distinct: z.boolean().default(true),
});
type RecentActivityQuery = z.output<typeof recentActivityQuery>;

/** Audit rows read per round, and the most rounds: a user's last 2,000 events are enough for a home page. */
const BATCH = 500;
const MAX_BATCHES = 4;

@Controller('api/v1/log/recent_activity')
export class RecentActivityController {
  constructor(
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  @Get()
  async list(@RisonQuery(recentActivityQuery) q: RecentActivityQuery, @ReqUser() user: CurrentUser) {
    // Held to self (or refused) before anything is read; with no actor an admin too reads their own.
    const scoped = scopeAuditQuery({ actor: q.actor ?? user.id, page: 0, page_size: BATCH }, user);
    const read: AuditRow[] = [];
    let result: RecentItem[] = [];
    for (let page = 0; page < MAX_BATCHES; page += 1) {
      const { count, result: rows } = await this.audit.query({ ...scoped, page });
      // Re-reduced over every row read so far, so `distinct` holds across rounds.
      read.push(...rows);
      result = await withCurrentNames(this.dataSource, recentItems(read, q.distinct));
      if (result.length >= q.page_size || (page + 1) * BATCH >= count) break;
    }
    return { result: result.slice(0, q.page_size) };
  }
}
