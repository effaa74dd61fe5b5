/**
 * Charts: create, overwrite, delete, read, favourite. Permission rules of charts-dashboards-reports §6 are checked here with
 * the domain's rules (canAddChart on the route, canOverwriteChart for PUT/DELETE); the chart's dataset
 * must be readable by the user; saving with `dashboards` adds the chart to those dashboards' layouts
 * (which the user must be able to edit) and takes it off the ones no longer listed.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  canOverwriteChart,
  ErrorType,
  isAdmin,
  type ChartCommand,
  type ChartEdit,
  type ChartFields,
} from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import type { DecisionMeta } from '../event-store/load-decide-append';
import { DashboardsService } from '../dashboards/dashboards.service';
import { DatasetsService } from '../datasets/datasets.service';
import { checkOwners } from '../datasets/owners';
import { DecideChart } from './decide-chart';
import { chartJson, CHART_SELECT, type ChartJson, type ChartRow } from './chart-json';

export type ChartInput = Omit<ChartFields, 'owners'> & { owners?: number[]; dashboards?: number[] };
export type ChartUpdate = ChartEdit & { dashboards?: number[] };

const notFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

@Injectable()
export class ChartsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
    private readonly datasets: DatasetsService,
    private readonly dashboards: DashboardsService,
  ) {}

  async create(input: ChartInput, user: CurrentUser): Promise<ChartJson> {
    await this.checkDatasource(input.datasource_id, input.datasource_type, user);
    await checkOwners(this.dataSource, input.owners);
    const { dashboards = [], ...fields } = input;
    for (const d of dashboards) await this.dashboards.editable(d, user);
    const [{ id }] = (await this.dataSource.query(`SELECT nextval('charts_id_seq')::int AS id`)) as { id: number }[];
    await this.decide(id, { type: 'CreateChart', data: { ...fields, id, owner_id: user.id } }, user, {
      expectedVersion: 0,
    });
    for (const d of dashboards) await this.dashboards.addChart(d, { id, slice_name: fields.slice_name }, user);
    return (await this.find(id))!;
  }

  async update(id: number, input: ChartUpdate, user: CurrentUser): Promise<ChartJson> {
    const current = await this.overwritable(id, user);
    await checkOwners(this.dataSource, input.owners);
    const { dashboards, ...changes } = input;
    if (changes.datasource_id !== undefined || changes.datasource_type !== undefined) {
      await this.checkDatasource(
        changes.datasource_id ?? current.datasource_id,
        changes.datasource_type ?? current.datasource_type,
        user,
      );
    }
    const before = current.dashboard_list.map((d) => d.id);
    const added = (dashboards ?? []).filter((d) => !before.includes(d));
    const removed = dashboards ? before.filter((d) => !dashboards.includes(d)) : [];
    // On a dashboard the chart's data reaches every viewer (DASHBOARD_RBAC): placing it needs its dataset.
    if (added.length > 0)
      await this.checkDatasource(
        changes.datasource_id ?? current.datasource_id,
        changes.datasource_type ?? current.datasource_type,
        user,
      );
    for (const d of [...added, ...removed]) await this.dashboards.editable(d, user);
    await this.decide(id, { type: 'UpdateChart', data: changes }, user);
    const name = changes.slice_name ?? current.slice_name;
    for (const d of added) await this.dashboards.addChart(d, { id, slice_name: name }, user);
    for (const d of removed) await this.dashboards.removeChart(d, id, user);
    return (await this.find(id))!;
  }

  async delete(id: number, user: CurrentUser): Promise<void> {
    const current = await this.overwritable(id, user);
    await this.decide(id, { type: 'DeleteChart', data: {} }, user);
    for (const d of current.dashboard_list) await this.dashboards.detachDeletedChart(d.id, id, user);
  }

  /** Admins, owners, and users who may read the chart's dataset; null otherwise. */
  async get(id: number, user: CurrentUser): Promise<ChartJson | null> {
    const row = await this.row(id);
    if (!row) return null;
    if (isAdmin(user) || row.owners.includes(user.id) || (await this.datasets.get(row.datasource_id, user)) !== null)
      return chartJson(row);
    return null;
  }

  async favorite(id: number, favorite: boolean, user: CurrentUser): Promise<void> {
    if (!(await this.get(id, user))) throw notFound();
    // A star is a view preference, not an edit of the chart: never an undo step.
    await this.decide(id, { type: favorite ? 'FavoriteChart' : 'UnfavoriteChart', data: { userId: user.id } }, user, {
      undoable: false,
    });
  }

  async favoriteStatus(ids: number[], user: CurrentUser): Promise<{ id: number; value: boolean }[]> {
    const rows = (await this.dataSource.query(
      `SELECT chart_id FROM chart_favorites WHERE user_id = $1 AND chart_id = ANY($2::int[])`,
      [user.id, ids],
    )) as { chart_id: number }[];
    const starred = new Set(rows.map((r) => r.chart_id));
    return ids.map((id) => ({ id, value: starred.has(id) }));
  }

  private async overwritable(id: number, user: CurrentUser): Promise<ChartRow> {
    const row = await this.row(id);
    if (!row) throw notFound();
    // charts-dashboards-reports §6: overwriting needs the user among the owners (admins pass).
    if (!canOverwriteChart(user, row.owners))
      throw new StrataHttpException(403, ErrorType.MISSING_OWNERSHIP_ERROR, 'Changing this chart is forbidden');
    return row;
  }

  private async checkDatasource(id: number, type: string, user: CurrentUser): Promise<void> {
    if (!['table', 'dataset', 'sl_table'].includes(type) || !(await this.datasets.get(id, user))) {
      throw new StrataHttpException(422, ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR, 'Datasource does not exist');
    }
  }

  private async decide(
    id: number,
    command: ChartCommand,
    user: CurrentUser,
    meta: Partial<DecisionMeta> = {},
  ): Promise<void> {
    await this.commands.execute(
      new DecideChart(id, command, { actor: String(user.id), sessionId: user.sessionId, ...meta }),
    );
  }

  private async row(id: number): Promise<ChartRow | null> {
    const rows = (await this.dataSource.query(`${CHART_SELECT} WHERE c.id = $1`, [id])) as ChartRow[];
    return rows[0] ?? null;
  }

  private async find(id: number): Promise<ChartJson | null> {
    const row = await this.row(id);
    return row ? chartJson(row) : null;
  }
}
