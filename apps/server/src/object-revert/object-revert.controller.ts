/**
 * `POST /api/v1/{chart,dataset,dashboard}/{id}/history/{batchId}/revert` (issue 13 item 2): revert one
 * past change of the object as a new change (for a dashboard, a layout edit of its shared draft). 200
 * with the new batch; 404 for an unknown object or change; 403 without the object's write right; 409
 * when later changes depend on it, 422 when it cannot be reverted (undone, a creation...), in the spec's
 * error shape.
 */
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import type { AppendResult } from '../event-store/event-store.port';
import type { DecisionMeta } from '../event-store/load-decide-append';
import { RevertAccess, type RevertibleKind } from './revert-access';
import { RevertChart, RevertDashboardLayout, RevertDataset } from './revert-handlers';

const notFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

function idOf(param: string): number {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

function batchIdOf(param: string): string {
  if (!/^[\w:.-]{1,200}$/.test(param)) throw notFound();
  return param;
}

function answer(result: AppendResult, reverted: string) {
  return {
    result: { batch_id: result.events[0]?.meta.batchId ?? null, reverted_batch_id: reverted, version: result.version },
  };
}

@Controller('api/v1')
export class ObjectRevertController {
  constructor(
    private readonly access: RevertAccess,
    private readonly commands: CommandBus,
  ) {}

  @Post('chart/:id/history/:batchId/revert')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.CHART)
  async revertChart(@Param('id') id: string, @Param('batchId') batch: string, @ReqUser() user: CurrentUser) {
    const [chartId, batchId] = await this.allowed('chart', id, batch, user);
    const command = new RevertChart(chartId, { type: 'RevertChartChange', data: { batchId } }, metaOf(user));
    return answer(await this.commands.execute(command), batchId);
  }

  @Post('dataset/:id/history/:batchId/revert')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DATASET)
  async revertDataset(@Param('id') id: string, @Param('batchId') batch: string, @ReqUser() user: CurrentUser) {
    const [datasetId, batchId] = await this.allowed('dataset', id, batch, user);
    const command = new RevertDataset(datasetId, { type: 'RevertDatasetChange', data: { batchId } }, metaOf(user));
    return answer(await this.commands.execute(command), batchId);
  }

  /** A layout edit of the dashboard's shared draft since the last save (a saved one: restore a version). */
  @Post('dashboard/:id/history/:batchId/revert')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async revertDashboardLayout(@Param('id') id: string, @Param('batchId') batch: string, @ReqUser() user: CurrentUser) {
    const [dashboardId, batchId] = await this.allowed('dashboard', id, batch, user);
    const { actor, sessionId } = metaOf(user);
    const command = new RevertDashboardLayout(
      dashboardId,
      { type: 'RevertLayoutChange', actor, data: { batchId, at: new Date().toISOString() } },
      { actor, sessionId },
    );
    return answer(await this.commands.execute(command), batchId);
  }

  private async allowed(kind: RevertibleKind, id: string, batch: string, user: CurrentUser): Promise<[number, string]> {
    const objectId = idOf(id);
    const batchId = batchIdOf(batch);
    await this.access.check(kind, objectId, user);
    return [objectId, batchId];
  }
}

const metaOf = (user: CurrentUser): DecisionMeta => ({ actor: String(user.id), sessionId: user.sessionId });
