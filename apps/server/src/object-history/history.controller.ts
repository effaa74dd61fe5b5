/**
 * `GET /api/v1/{dashboard,chart,dataset,saved_query,database}/{id}/history?q=(page:0,page_size:25)`: the
 * object's intents newest first (history.service.ts). The read right is the plain GET's, checked on every
 * request (object-access.ts); a deleted object's history is for admins.
 */
import { Controller, Get, Param } from '@nestjs/common';
import { Permission, PermissionView as View } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { RisonQuery } from '../common/rison';
import { ChartsService } from '../charts/charts.service';
import { DashboardsService } from '../dashboards/dashboards.service';
import { DatabaseAccess } from '../databases/database-access';
import { DatabasesService } from '../databases/databases.service';
import { readableDatabase } from '../databases/readable-database';
import { DatasetsService } from '../datasets/datasets.service';
import { SavedQueriesService } from '../sqllab/saved-queries/saved-queries.service';
import { DataSource } from 'typeorm';
import { HistoryService, type HistoryPage } from './history.service';
import { checkDeletedHistory, objectAccess, objectNotFound } from './object-access';
import type { ObjectKind } from './object-kinds';

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
    private readonly charts: ChartsService,
    private readonly dashboards: DashboardsService,
    private readonly datasets: DatasetsService,
    private readonly savedQueries: SavedQueriesService,
    private readonly databases: DatabasesService,
    private readonly databaseAccess: DatabaseAccess,
  ) {}

  @Get('dashboard/:id/history')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  dashboard(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    const id = idOf(param);
    return this.answer('dashboard', id, q, user, () => this.dashboards.get(String(id), user));
  }

  @Get('chart/:id/history')
  @RequirePermission(Permission.READ, View.CHART)
  chart(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    const id = idOf(param);
    return this.answer('chart', id, q, user, () => this.charts.get(id, user));
  }

  @Get('dataset/:id/history')
  @RequirePermission(Permission.READ, View.DATASET)
  dataset(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    const id = idOf(param);
    return this.answer('dataset', id, q, user, () => this.datasets.get(id, user));
  }

  @Get('saved_query/:id/history')
  @RequirePermission(Permission.READ, View.SAVED_QUERY)
  savedQuery(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    const id = idOf(param);
    return this.answer('saved_query', id, q, user, () => this.savedQueries.get(id, user));
  }

  @Get('database/:id/history')
  @RequirePermission(Permission.READ, View.DATABASE)
  database(@Param('id') param: string, @RisonQuery(historyPage) q: HistoryPage, @ReqUser() user: CurrentUser) {
    const id = idOf(param);
    // Its GET answers 403 to a user without access to an existing database; a deleted one is no one's.
    const readable = async () =>
      (await this.databases.find(id)) && readableDatabase(this.databases, this.databaseAccess, id, user);
    return this.answer('database', id, q, user, readable);
  }

  private async answer(
    kind: ObjectKind,
    id: number,
    page: HistoryPage,
    user: CurrentUser,
    readableNow: () => Promise<unknown>,
  ) {
    if ((await objectAccess(this.dataSource, kind, id, readableNow)) === 'deleted') checkDeletedHistory(user);
    return this.history.intents(kind, id, page);
  }
}
