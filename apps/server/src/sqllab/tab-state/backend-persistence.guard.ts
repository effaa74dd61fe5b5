/**
 * The feature flag SQLLAB_BACKEND_PERSISTENCE (default on), enforced by the server: with it off, tabs
 * live in the browser only and every /tabstateview/ and /tableschemaview/ call is refused. 403, not
 * 404: the client treats a 404 on a tab as "this tab was deleted" and would drop the user's local tab.
 */
import { Injectable, type CanActivate } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { StrataHttpException } from '../../common/error-body';
import { AppConfig } from '../../config/app-config';

export const BACKEND_PERSISTENCE_OFF =
  'Saving SQL Lab tabs on the server is turned off here (SQLLAB_BACKEND_PERSISTENCE): tabs are kept in this browser only.';

export const backendPersistenceOn = (config: AppConfig) => config.featureFlags.SQLLAB_BACKEND_PERSISTENCE;

@Injectable()
export class BackendPersistenceGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (!backendPersistenceOn(this.config))
      throw new StrataHttpException(403, ErrorType.GENERIC_COMMAND_ERROR, BACKEND_PERSISTENCE_OFF);
    return true;
  }
}
