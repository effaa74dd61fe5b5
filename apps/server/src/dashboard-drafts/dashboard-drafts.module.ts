import { Module, type OnModuleInit } from '@nestjs/common';
import { DraftErrorCode, ErrorType } from '@strata/domain';
import { mapDomainErrorCode } from '../common/to-error-response';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { CommandRouter } from '../realtime/command-router';
import { StreamAccessPolicy } from '../realtime/stream-access.policy';
import { DecideDashboardDraftHandler, PublishSavedLayout } from './decide-draft';
import { DraftAccess } from './draft-access';
import { DraftSocket } from './draft-socket';
import { DraftService } from './draft.service';
import { DraftsController } from './drafts.controller';
import { RestoreDiscardedDraftHandler, RestoreDraftVersionHandler } from './restore-draft-version';
import { RedoDraftHandler, UndoDraftHandler } from './undo-redo-draft';

/**
 * Live co-editing of dashboards (issue 5): one shared draft stream per dashboard, edited over the
 * socket, saved, discarded and restored over REST, with its version history. Needs the RealtimeModule.
 */
@Module({
  imports: [DashboardsModule, DatasetsModule],
  controllers: [DraftsController],
  providers: [
    DraftService,
    DraftAccess,
    DraftSocket,
    PublishSavedLayout,
    DecideDashboardDraftHandler,
    RestoreDraftVersionHandler,
    RestoreDiscardedDraftHandler,
    UndoDraftHandler,
    RedoDraftHandler,
  ],
})
export class DashboardDraftsModule implements OnModuleInit {
  constructor(
    private readonly socket: DraftSocket,
    private readonly policy: StreamAccessPolicy,
    private readonly router: CommandRouter,
  ) {}

  onModuleInit(): void {
    this.socket.register(this.policy, this.router);
    // REFERENCE §3.5 / issue 5: a stale expected version is a conflict, not an overwrite.
    mapDomainErrorCode(DraftErrorCode.VERSION_CONFLICT, 409, ErrorType.GENERIC_COMMAND_ERROR);
    mapDomainErrorCode(DraftErrorCode.VERSION_UNKNOWN, 404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR);
    mapDomainErrorCode(DraftErrorCode.DISCARD_UNKNOWN, 404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR);
    mapDomainErrorCode(DraftErrorCode.UNSAVED_CHANGES, 409, ErrorType.GENERIC_COMMAND_ERROR);
  }
}
