import { Injectable } from '@nestjs/common';
import { ErrorType, isAdmin, isOwner } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { DashboardsService } from '../dashboards/dashboards.service';

/**
 * Who may take part in a dashboard's edit session: charts-dashboards-reports §6, can_write on Dashboard and owner, or admin
 * (the dashboards module's rule, reused so REST and socket never disagree).
 */
@Injectable()
export class DraftAccess {
  constructor(private readonly dashboards: DashboardsService) {}

  /** 404 when the dashboard is missing, 403 when the user may not edit it. */
  async requireEditor(dashboardId: number, user: CurrentUser): Promise<void> {
    if (user.via === 'guest')
      throw new StrataHttpException(
        403,
        ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR,
        'You do not have permission to edit this dashboard',
      );
    await this.dashboards.editable(dashboardId, user);
  }

  /**
   * Discarding everyone's draft (issue 12): an owner of the dashboard or an admin. Under
   * charts-dashboards-reports §6 every editor is one of them; the check stays explicit so a wider edit
   * right never carries this one with it.
   */
  async requireOwner(dashboardId: number, user: CurrentUser): Promise<void> {
    await this.requireEditor(dashboardId, user);
    const row = await this.dashboards.editable(dashboardId, user);
    if (!isAdmin(user) && !isOwner(user, row.owners))
      throw new StrataHttpException(
        403,
        ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR,
        "Only the dashboard's owners can discard everyone's changes",
      );
  }

  async isOwnerOrAdmin(dashboardId: number, user: CurrentUser): Promise<boolean> {
    try {
      await this.requireOwner(dashboardId, user);
      return true;
    } catch (error) {
      if (error instanceof StrataHttpException) return false;
      throw error;
    }
  }

  async isEditor(dashboardId: number, user: CurrentUser): Promise<boolean> {
    try {
      await this.requireEditor(dashboardId, user);
      return true;
    } catch (error) {
      if (error instanceof StrataHttpException) return false;
      throw error;
    }
  }

  /** 404 unless the user may see the dashboard (admins, owners, or published): its history is as visible as it is. */
  async requireViewer(dashboardId: number, user: CurrentUser): Promise<void> {
    if (!(await this.dashboards.get(String(dashboardId), user)))
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Dashboard not found.');
  }
}
