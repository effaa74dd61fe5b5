/**
 * Report schedules: create, change, delete, read. The rules on a schedule's fields are the domain's
 * (decided on its stream); this checks what spans objects before deciding: the permission rule of
 * charts-dashboards-reports §6 and Superset (owners and the creator edit, admins all; others see
 * nothing), that the chart, dashboard or database exists and the user may read it, and that owners
 * are users. A name taken per type is the read model's unique index, hit in the append's transaction.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ErrorType,
  isAdmin,
  ReportFieldError,
  reportNameTaken,
  type ReportCommand,
  type ReportFields,
} from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { ChartsService } from '../charts/charts.service';
import { StrataHttpException } from '../common/error-body';
import { DashboardsService } from '../dashboards/dashboards.service';
import { DatabaseAccess } from '../databases/database-access';
import { DatabasesService } from '../databases/databases.service';
import { checkOwners } from '../datasets/owners';
import type { DecisionMeta } from '../event-store/load-decide-append';
import { toReportFields, type ReportBody } from './report-body';
import { fieldRefusal, fromFieldError } from './report-errors';
import { reportJson, REPORT_SELECT, type ReportJson, type ReportRow } from './report-json';
import { DecideReport } from './decide-report';

type Fields = Partial<Omit<ReportFields, 'created_by'>>;

const notFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

const isUniqueViolation = (e: unknown): boolean => {
  const error = e as { code?: string; driverError?: { code?: string } };
  return error?.code === '23505' || error?.driverError?.code === '23505';
};

/** Who may see a schedule: admins, its creator and its owners (Superset's ReportScheduleFilter). */
const canSee = (user: CurrentUser, row: Pick<ReportRow, 'created_by' | 'owners'>) =>
  isAdmin(user) || row.created_by === user.id || row.owners.includes(user.id);

@Injectable()
export class ReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
    private readonly charts: ChartsService,
    private readonly dashboards: DashboardsService,
    private readonly databases: DatabasesService,
    private readonly databaseAccess: DatabaseAccess,
  ) {}

  async create(body: ReportBody & Pick<ReportFields, 'type' | 'name' | 'crontab'>, user: CurrentUser) {
    const fields = toReportFields(body, null);
    await this.checkReferences(fields, null, user);
    const [{ id }] = (await this.dataSource.query(`SELECT nextval('report_schedule_id_seq')::int AS id`)) as {
      id: number;
    }[];
    const { type, name, crontab, creation_method, recipients, owners, ...rest } = fields as ReportFields;
    await this.decide(
      id,
      {
        type: 'CreateReport',
        data: { ...rest, type, name, crontab, creation_method, recipients, owners, id, owner_id: user.id },
      },
      user,
      fields,
      { expectedVersion: 0 },
    );
    return (await this.find(id))!;
  }

  async update(id: number, body: ReportBody, user: CurrentUser): Promise<ReportJson> {
    const current = await this.editable(id, user);
    const fields = toReportFields(body, current);
    // A non-admin does not drop themselves from the owners by mistake (Superset's populate_owner_list).
    if (fields.owners && !isAdmin(user) && !fields.owners.includes(user.id)) fields.owners.push(user.id);
    await this.checkReferences(fields, current, user);
    await this.decide(id, { type: 'UpdateReport', data: fields }, user, { type: current.type, ...fields });
    return (await this.find(id))!;
  }

  async delete(id: number, user: CurrentUser): Promise<void> {
    await this.editable(id, user);
    await this.decide(id, { type: 'DeleteReport', data: {} }, user, {});
  }

  /** The schedule when the user may see it; null otherwise (a 404: others' schedules do not exist for them). */
  async get(id: number, user: CurrentUser): Promise<ReportJson | null> {
    const row = await this.row(id);
    return row && canSee(user, row) ? reportJson(row) : null;
  }

  /** 404 when missing or not the user's to see, 403 when seen but not theirs to change. */
  private async editable(id: number, user: CurrentUser): Promise<ReportRow> {
    const row = await this.row(id);
    if (!row) throw notFound();
    if (!canSee(user, row))
      throw new StrataHttpException(
        403,
        ErrorType.MISSING_OWNERSHIP_ERROR,
        'Changing this report schedule is forbidden',
      );
    return row;
  }

  /**
   * What the fields point at must exist and be readable by the user (Superset: 422 "Chart does not
   * exist", likewise a dashboard or database), and owners must be users. Only what a save changes is checked.
   */
  private async checkReferences(fields: Fields, current: ReportRow | null, user: CurrentUser): Promise<void> {
    await checkOwners(this.dataSource, fields.owners);
    const changed = <K extends 'chart_id' | 'dashboard_id' | 'database_id'>(key: K) =>
      fields[key] !== undefined && fields[key] !== null && fields[key] !== current?.[key] ? fields[key] : null;
    const chart = changed('chart_id');
    if (chart !== null && !(await this.charts.get(chart, user)))
      throw fieldRefusal(422, 'chart', 'Chart does not exist.');
    const dashboard = changed('dashboard_id');
    if (dashboard !== null && !(await this.dashboards.get(String(dashboard), user)))
      throw fieldRefusal(422, 'dashboard', 'Dashboard does not exist.');
    const database = changed('database_id');
    if (
      database !== null &&
      (!(await this.databases.find(database)) || !(await this.databaseAccess.canAccess(user, database)))
    )
      throw fieldRefusal(422, 'database', 'Database does not exist.');
  }

  private async decide(
    id: number,
    command: ReportCommand,
    user: CurrentUser,
    fields: Fields,
    meta: Partial<DecisionMeta> = {},
  ): Promise<void> {
    try {
      await this.commands.execute(
        new DecideReport(id, command, { actor: String(user.id), sessionId: user.sessionId, ...meta }),
      );
    } catch (error) {
      if (error instanceof ReportFieldError) throw fromFieldError(error);
      // The name's unique index (report_schedule.name_key), hit in the append's transaction: the rules
      // on the fields were decided first, so a bad value is still its 400.
      if (isUniqueViolation(error) && fields.type && fields.name)
        throw fromFieldError(reportNameTaken(fields.type, fields.name), 422);
      throw error;
    }
  }

  private async row(id: number): Promise<ReportRow | null> {
    const rows = (await this.dataSource.query(`${REPORT_SELECT} WHERE r.id = $1`, [id])) as ReportRow[];
    return rows[0] ?? null;
  }

  private async find(id: number): Promise<ReportJson | null> {
    const row = await this.row(id);
    return row ? reportJson(row) : null;
  }
}
