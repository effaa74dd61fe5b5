import { Module, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { mapDomainErrorCode } from '../common/to-error-response';
import { ActorNames } from './actor-names';
import { ObjectRevertController } from './object-revert.controller';
import { RevertAccess } from './revert-access';
import { RevertChartHandler, RevertDashboardLayoutHandler, RevertDatasetHandler } from './revert-handlers';

/** Revert one past change of a chart, dataset or dashboard as a new change (issue 13 item 2). */
@Module({
  controllers: [ObjectRevertController],
  providers: [ActorNames, RevertAccess, RevertChartHandler, RevertDatasetHandler, RevertDashboardLayoutHandler],
})
export class ObjectRevertModule implements OnModuleInit {
  onModuleInit(): void {
    // Later work builds on the change: a conflict with the object as it is now, not a malformed request.
    mapDomainErrorCode('change_depended_on', 409, ErrorType.GENERIC_COMMAND_ERROR);
    mapDomainErrorCode('change_already_reverted', 409, ErrorType.GENERIC_COMMAND_ERROR);
  }
}
