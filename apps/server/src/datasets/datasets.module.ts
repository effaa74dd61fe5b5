import { Module, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '../event-store/event-store.port';
import { AsOfModule } from '../object-history/as-of.module';
import { SqlLabRestDatabasesModule } from '../sqllab/bootstrap/sqllab-databases.module';
import { ErrorType } from '@strata/domain';
import { mapDomainErrorCode } from '../common/to-error-response';
import { ColumnInference } from './column-inference';
import { DatasetList } from './dataset-list';
import { DatasourceMetadataController } from './datasource-metadata.controller';
import { datasetProjection } from './dataset.projection';
import { DatasetsController } from './datasets.controller';
import { DatasetsService } from './datasets.service';
import { DecideDatasetHandler } from './decide-dataset';

/**
 * Datasets as SQL Lab creates them (virtual from a query, physical from a table): events on
 * `dataset:<id>`, read model `datasets`. The Explore issue completes the model (editing, listing).
 */
@Module({
  imports: [SqlLabRestDatabasesModule, AsOfModule],
  controllers: [DatasetsController, DatasourceMetadataController],
  providers: [DatasetsService, ColumnInference, DatasetList, DecideDatasetHandler],
  exports: [DatasetsService, SqlLabRestDatabasesModule],
})
export class DatasetsModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.registerProjection(datasetProjection);
    mapDomainErrorCode('dataset_not_found', 404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR);
  }
}
