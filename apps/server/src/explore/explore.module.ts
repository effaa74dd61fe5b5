import { Module, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { ChartsModule } from '../charts/charts.module';
import { mapDomainErrorCode } from '../common/to-error-response';
import { DatasetsModule } from '../datasets/datasets.module';
import { EventStore } from '../event-store/event-store.port';
import { DecideExplorePermalinkHandler, DecideFormDataHandler } from './decide-explore';
import { ExploreFormDataController, formDataFold } from './explore-form-data';
import { ExploreController } from './explore.controller';
import { foldProjection } from '../projections/fold-projection';
import { explorePermalinkProjection } from './permalink.projection';

/**
 * Explore permalinks and the form data cache (commands decided by the domain, read model in `key_value`)
 * and the page bootstrap.
 */
@Module({
  imports: [ChartsModule, DatasetsModule],
  controllers: [ExploreFormDataController, ExploreController],
  providers: [DecideExplorePermalinkHandler, DecideFormDataHandler],
})
export class ExploreModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.registerProjection(explorePermalinkProjection());
    this.store.registerProjection(foldProjection(formDataFold));
    mapDomainErrorCode('form_data_not_owner', 403, ErrorType.MISSING_OWNERSHIP_ERROR);
  }
}
