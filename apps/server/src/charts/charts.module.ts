import { Module, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { mapDomainErrorCode } from '../common/to-error-response';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { EventStore } from '../event-store/event-store.port';
import { AsOfModule } from '../object-history/as-of.module';
import { ChartList } from './chart-list';
import { chartProjection } from './chart.projection';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';
import { DecideChartHandler } from './decide-chart';

/** Charts as event streams (`chart:<id>`), read models `charts` and `chart_favorites`. */
@Module({
  imports: [DatasetsModule, DashboardsModule, AsOfModule],
  controllers: [ChartsController],
  providers: [ChartsService, ChartList, DecideChartHandler],
  exports: [ChartsService],
})
export class ChartsModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.registerProjection(chartProjection);
    mapDomainErrorCode('chart_not_found', 404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR);
  }
}
