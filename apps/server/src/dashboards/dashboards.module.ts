import { Module, Optional, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { mapDomainErrorCode } from '../common/to-error-response';
import { DatasetsModule } from '../datasets/datasets.module';
import { EventStore } from '../event-store/event-store.port';
import { AsOfModule } from '../object-history/as-of.module';
import { DashboardExtrasController } from './dashboard-extras.controller';
import { DashboardExtrasService } from './dashboard-extras.service';
import { dashboardFavoritesProjection } from './dashboard-favorites.projection';
import { DashboardList } from './dashboard-list';
import { registerDashboardReadRule } from './dashboard-socket';
import { DashboardPropertiesService } from './dashboard-properties.service';
import { dashboardsProjection } from './dashboard.projection';
import { DashboardsController } from './dashboards.controller';
import { DashboardsService } from './dashboards.service';
import { DecideDashboardFavoritesHandler } from './decide-dashboard-favorites';
import { SyncDashboardColorsHandler } from './dashboard-colors';
import { DecideDashboardHandler } from './decide-dashboard';
import { DecideDashboardPermalinkHandler } from './decide-dashboard-permalink';
import { dashboardPermalinkProjection } from '../explore/permalink.projection';
import { FilterDatasets } from './filter-datasets';
import { DashboardFilterStateController, DecideFilterStateHandler, filterStateFold } from './filter-state';
import { foldProjection } from '../projections/fold-projection';
import { StreamAccessPolicy } from '../realtime/stream-access.policy';

/**
 * Dashboards as event streams (`dashboard:<id>`, `dashboard-favorites:<id>`, `dashboard_permalink:<key>`),
 * read models `dashboards` (and the `dashboard_slices` view), `dashboard_favorites`, `key_value`. Layout editing is
 * the edit session's (dashboard-drafts), which publishes saved layouts here. A copy with duplicated
 * charts sends DecideChart, handled by the ChartsModule.
 */
@Module({
  imports: [DatasetsModule, AsOfModule],
  controllers: [DashboardsController, DashboardExtrasController, DashboardFilterStateController],
  providers: [
    DashboardsService,
    FilterDatasets,
    DashboardList,
    DashboardPropertiesService,
    DashboardExtrasService,
    DecideDashboardHandler,
    DecideDashboardPermalinkHandler,
    DecideFilterStateHandler,
    DecideDashboardFavoritesHandler,
    SyncDashboardColorsHandler,
  ],
  exports: [DashboardsService],
})
export class DashboardsModule implements OnModuleInit {
  constructor(
    private readonly store: EventStore,
    private readonly dashboards: DashboardsService,
    // Absent in specs that build the module without the socket gateway.
    @Optional() private readonly access?: StreamAccessPolicy,
  ) {}

  onModuleInit(): void {
    this.store.registerProjection(dashboardsProjection());
    this.store.registerProjection(dashboardFavoritesProjection());
    this.store.registerProjection(dashboardPermalinkProjection());
    this.store.registerProjection(foldProjection(filterStateFold));
    mapDomainErrorCode('filter_state_not_found', 404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR);
    mapDomainErrorCode('filter_state_not_owner', 403, ErrorType.MISSING_OWNERSHIP_ERROR);
    mapDomainErrorCode('dashboard_not_found', 404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR);
    // Pages in view mode follow `dashboard:<id>` to learn of new versions (dashboard-socket.ts).
    if (this.access) registerDashboardReadRule(this.access, this.dashboards);
  }
}
