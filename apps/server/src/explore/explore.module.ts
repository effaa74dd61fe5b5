import { Module, type OnModuleInit } from '@nestjs/common';
import { ChartsModule } from '../charts/charts.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { EventStore } from '../event-store/event-store.port';
import { ExploreFormDataController, FormDataProjection } from './explore-form-data';
import { ExplorePermalinkProjection } from './explore-permalink.projection';
import { ExploreController } from './explore.controller';

/** Explore permalinks and the form data cache (events, read model in `key_value`) and the page bootstrap. */
@Module({
  imports: [ChartsModule, DatasetsModule],
  controllers: [ExploreFormDataController, ExploreController],
  providers: [ExplorePermalinkProjection, FormDataProjection],
})
export class ExploreModule implements OnModuleInit {
  constructor(
    private readonly store: EventStore,
    private readonly projection: ExplorePermalinkProjection,
    private readonly formData: FormDataProjection,
  ) {}

  onModuleInit(): void {
    this.store.registerProjection(this.projection);
    this.store.registerProjection(this.formData);
  }
}
