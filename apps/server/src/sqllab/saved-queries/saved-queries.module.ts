import { Module, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { mapDomainErrorCode } from '../../common/to-error-response';
import { EventStore } from '../../event-store/event-store.port';
import { AsOfModule } from '../../object-history/as-of.module';
import { DecideSavedQueryHandler } from './decide-saved-query';
import { SavedQueriesController } from './saved-queries.controller';
import { SavedQueriesService } from './saved-queries.service';
import { savedQueryProjection } from './saved-query.projection';

/** Saved queries (`/api/v1/saved_query/`): events on `saved_query:<id>`, read model `saved_query`. */
@Module({
  imports: [AsOfModule],
  controllers: [SavedQueriesController],
  providers: [SavedQueriesService, DecideSavedQueryHandler],
  exports: [SavedQueriesService],
})
export class SavedQueriesModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.registerProjection(savedQueryProjection);
    mapDomainErrorCode('saved_query_forbidden', 403, ErrorType.MISSING_OWNERSHIP_ERROR);
  }
}
