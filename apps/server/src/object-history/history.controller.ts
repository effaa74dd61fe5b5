/**
 * `GET /api/v1/{dashboard,chart,dataset,saved_query,database}/{id}/history?q=(page:0,page_size:25)`: the
 * object's intents newest first (history.service.ts). The read right is the plain GET's, checked on every
 * request (object-readers.ts, object-access.ts); a deleted object's history is for admins.
 */
import { Controller, Get, Param } from '@nestjs/common';
import { Permission, PermissionView as View } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { RisonQuery } from '../common/rison';
import { DataSource } from 'typeorm';
import { HistoryService, type HistoryPage } from './history.service';
import { checkDeletedHistory, objectAccess, objectNotFound } from './object-access';
import type { ObjectKind } from './object-kinds';
import { ObjectReaders } from './object-readers';

const historyPage = z
  .object({
    page: z.number().int().min(0).max(1_000_000).default(0),
    page_size: z.number().int().min(1).max(100).default(25),
  })
  .strict();

const idOf = (param: string): number => {
  if (!/^\d{1,9}$/.test(param) || Number(param) < 1) throw objectNotFound();
  return Number(param);
};

@Controller('api/v1')
export class HistoryController {
  constructor(
    private readonly history: HistoryService,
    private readonly dataSource: DataSource,
    private readonly readers: ObjectReaders,
  ) {}

  @Get('dashboard/:id/history')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  dashboard(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    return this.answer('dashboard', idOf(param), q, user);
  }

  @Get('chart/:id/history')
  @RequirePermission(Permission.READ, View.CHART)
  chart(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    return this.answer('chart', idOf(param), q, user);
  }

  @Get('dataset/:id/history')
  @RequirePermission(Permission.READ, View.DATASET)
  dataset(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    return this.answer('dataset', idOf(param), q, user);
  }

  @Get('saved_query/:id/history')
  @RequirePermission(Permission.READ, View.SAVED_QUERY)
  savedQuery(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    return this.answer('saved_query', idOf(param), q, user);
  }

  @Get('database/:id/history')
  @RequirePermission(Permission.READ, View.DATABASE)
  database(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    return this.answer('database', idOf(param), q, user);
  }

  private async answer(kind: ObjectKind, id: number, page: HistoryPage, user: CurrentUser) {
    const readableNow = this.readers.readableNow(kind, id, user);
    const access = await objectAccess(this.dataSource, kind, id, readableNow);
    if (access === 'deleted') checkDeletedHistory(user);
    const intents = await this.history.intents(kind, id, page);
    // No row now and not one event: the object never existed (a deleted one keeps its events). A live
    // object without events (a row from before the log) still answers its empty history.
    if (access === 'deleted' && intents.count === 0) throw objectNotFound();
    return intents;
  }
}
