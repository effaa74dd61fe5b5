import { Module, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { mapDomainErrorCode } from '../../common/to-error-response';
import { EventStore } from '../../event-store/event-store.port';
import { QueriesModule } from '../queries/queries.module';
import { TableSchemaController, TabStateController } from './tab-state.controller';
import { DecideTabStateHandler } from './decide-tab-state';
import { tabStateProjection } from './tab-state.projection';
import { TabStateService } from './tab-state.service';

/**
 * SQL Lab's backend persistence of tabs (feature SQLLAB_BACKEND_PERSISTENCE, on by default): events on
 * `tabstate:<userId>`, read models `tab_state` and `table_schema`.
 */
@Module({
  // The query read model (queryProjection) applies the tab links (migrate_query, remove a query).
  imports: [QueriesModule],
  controllers: [TabStateController, TableSchemaController],
  providers: [TabStateService, DecideTabStateHandler],
  exports: [TabStateService],
})
export class TabStateModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.registerProjection(tabStateProjection);
    mapDomainErrorCode('tab_state_exists', 409, ErrorType.GENERIC_COMMAND_ERROR);
  }
}
