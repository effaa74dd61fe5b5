import { Module } from '@nestjs/common';
import { ChartsModule } from '../charts/charts.module';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { DatabasesModule } from '../databases/databases.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { SavedQueriesModule } from '../sqllab/saved-queries/saved-queries.module';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';

/**
 * An object's history (`/api/v1/<kind>/<id>/history`); the read rules are its modules' (CONTEXT.md).
 * `?as_of=` lives in AsOfModule, which those modules import.
 */
@Module({
  imports: [ChartsModule, DashboardsModule, DatasetsModule, SavedQueriesModule, DatabasesModule],
  controllers: [HistoryController],
  providers: [HistoryService],
})
export class ObjectHistoryModule {}
