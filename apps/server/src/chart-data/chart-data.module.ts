import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DatasetsModule } from '../datasets/datasets.module';
import { AnnotationDataController } from './annotations/annotation-data.controller';
import { AnnotationDataService } from './annotations/annotation-data';
import { AsyncChartData, GLOBAL_ASYNC_QUERIES } from './async-chart-data';
import { ChartDataCache } from './chart-data-cache';
import { ChartDataController } from './chart-data.controller';
import { ChartDataService } from './chart-data.service';
import { ChartDatasources } from './chart-datasource';
import { DashboardDataAccess } from './dashboard-data-access';
import { ExploreJsonController } from './legacy/explore-json.controller';

/** Chart data: SQL for datasets (kysely), run through the engines, cached, optionally async. */
@Module({
  imports: [DatasetsModule],
  controllers: [ChartDataController, AnnotationDataController, ExploreJsonController],
  providers: [
    ChartDataService,
    AnnotationDataService,
    ChartDatasources,
    DashboardDataAccess,
    ChartDataCache,
    AsyncChartData,
    {
      provide: GLOBAL_ASYNC_QUERIES,
      useFactory: (config: AppConfig) => config.featureFlags.GLOBAL_ASYNC_QUERIES,
      inject: [AppConfig],
    },
  ],
  exports: [ChartDataService, ChartDatasources],
})
export class ChartDataModule {}
