/**
 * Who may read an object, as its plain GET decides (`GET /api/v1/<kind>/<id>`: the route's can_read
 * permission, then whatever that GET answers the user). Its history, its past states and its streams'
 * events for the time-travel panel all ask this one place (object-access.ts for a deleted object).
 */
import { HttpException, Injectable } from '@nestjs/common';
import { isAdmin, Permission, PermissionView as View } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { hasPermission } from '../auth/roles';
import { ChartsService } from '../charts/charts.service';
import { DashboardsService } from '../dashboards/dashboards.service';
import { DatabaseAccess } from '../databases/database-access';
import { DatabasesService } from '../databases/databases.service';
import { readableDatabase } from '../databases/readable-database';
import { DatasetsService } from '../datasets/datasets.service';
import { SavedQueriesService } from '../sqllab/saved-queries/saved-queries.service';
import { objectAccess } from './object-access';
import type { ObjectKind } from './object-kinds';

/** The view of each kind's plain GET route permission (`@RequirePermission(READ, <view>)`). */
const READ_VIEW: Record<ObjectKind, string> = {
  dashboard: View.DASHBOARD,
  chart: View.CHART,
  dataset: View.DATASET,
  saved_query: View.SAVED_QUERY,
  database: View.DATABASE,
};

@Injectable()
export class ObjectReaders {
  constructor(
    private readonly dataSource: DataSource,
    private readonly charts: ChartsService,
    private readonly dashboards: DashboardsService,
    private readonly datasets: DatasetsService,
    private readonly savedQueries: SavedQueriesService,
    private readonly databases: DatabasesService,
    private readonly databaseAccess: DatabaseAccess,
  ) {}

  /**
   * The plain GET's read for this user: null when it would answer 404, and a throw where it throws (a
   * database not granted is 403). The route permission is the caller's (a guard, or `mayRead`).
   */
  readableNow(kind: ObjectKind, id: number, user: CurrentUser): () => Promise<unknown> {
    switch (kind) {
      case 'dashboard':
        return () => this.dashboards.get(String(id), user);
      case 'chart':
        return () => this.charts.get(id, user);
      case 'dataset':
        return () => this.datasets.get(id, user);
      case 'saved_query':
        return () => this.savedQueries.get(id, user);
      case 'database':
        // Its GET answers 403 to a user without access to an existing database; a deleted one is no one's.
        return async () =>
          (await this.databases.find(id)) && readableDatabase(this.databases, this.databaseAccess, id, user);
      default: {
        const unknown: never = kind;
        return unknown;
      }
    }
  }

  /**
   * Whether the user may read the object's log as its history route does: the route permission, then the
   * plain GET; an object deleted since is readable by admins only.
   */
  async mayRead(user: CurrentUser, kind: ObjectKind, id: number): Promise<boolean> {
    if (!hasPermission(user, Permission.READ, READ_VIEW[kind])) return false;
    try {
      const access = await objectAccess(this.dataSource, kind, id, this.readableNow(kind, id, user));
      return access === 'readable' || isAdmin(user);
    } catch (error) {
      if (error instanceof HttpException && [403, 404].includes(error.getStatus())) return false;
      throw error;
    }
  }
}
