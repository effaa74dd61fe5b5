import { Module, Optional, type OnModuleInit } from '@nestjs/common';
import { ErrorType, isAdmin } from '@strata/domain';
import { mapDomainErrorCode } from '../../common/to-error-response';
import { EventStore } from '../../event-store/event-store.port';
import { StreamAccessPolicy } from '../../realtime/stream-access.policy';
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
  constructor(
    private readonly store: EventStore,
    @Optional() private readonly access?: StreamAccessPolicy,
  ) {}

  onModuleInit(): void {
    this.store.registerProjection(tabStateProjection);
    mapDomainErrorCode('tab_state_exists', 409, ErrorType.GENERIC_COMMAND_ERROR);
    // A user's SQL Lab tabs are theirs: a bug report of their SQL Lab page carries `tabstate:<their id>`;
    // an admin may read anyone's (as the audit shows them). Guests have no SQL Lab.
    this.access?.register({
      prefix: 'tabstate',
      canRead: (user, stream) =>
        user.via !== 'guest' && (stream === `tabstate:${user.id}` || isAdmin({ roles: user.roles })),
    });
  }
}
