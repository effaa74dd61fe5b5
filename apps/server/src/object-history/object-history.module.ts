import { Module } from '@nestjs/common';
import { ChartsModule } from '../charts/charts.module';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { DatabasesModule } from '../databases/databases.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { SavedQueriesModule } from '../sqllab/saved-queries/saved-queries.module';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';
import { ObjectReaders } from './object-readers';

/**
 * An object's history (`/api/v1/<kind>/<id>/history`); the read rules are its modules' (CONTEXT.md).
 * `?as_of=` lives in AsOfModule, which those modules import. ObjectReaders (who may read an object, as its
 * GET decides) is exported for the time-travel stream reads.
 */
@Module({
  imports: [ChartsModule, DashboardsModule, DatasetsModule, SavedQueriesModule, DatabasesModule],
  controllers: [HistoryController],
  providers: [HistoryService, ObjectReaders],
  exports: [ObjectReaders],
})
export class ObjectHistoryModule {}
