import { Module, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { mapDomainErrorCode } from '../../common/to-error-response';
import { EventStore } from '../../event-store/event-store.port';
import { TableSchemaController, TabStateController } from './tab-state.controller';
import { TabQueryLinkProjection, TabStateProjection } from './tab-state.projection';
import { TabStateService } from './tab-state.service';

/**
 * SQL Lab's backend persistence of tabs (feature SQLLAB_BACKEND_PERSISTENCE, on by default): events on
 * `tabstate:<userId>`, read models `tab_state` and `table_schema`.
 */
@Module({
  controllers: [TabStateController, TableSchemaController],
  providers: [TabStateService, TabStateProjection, TabQueryLinkProjection],
  exports: [TabStateService],
})
export class TabStateModule implements OnModuleInit {
  constructor(
    private readonly store: EventStore,
    private readonly tabs: TabStateProjection,
    private readonly links: TabQueryLinkProjection,
  ) {}

  onModuleInit(): void {
    this.store.registerProjection(this.tabs);
    this.store.registerProjection(this.links);
    mapDomainErrorCode('tab_state_exists', 409, ErrorType.GENERIC_COMMAND_ERROR);
  }
}
