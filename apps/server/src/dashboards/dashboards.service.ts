/**
 * Dashboards: create, read, add or remove a chart (the chart save flow: a ROW with a CHART appended to the
 * layout, carried into an open edit session too), and the layout an edit session publishes. Changes go
 * as DecideDashboard through the CommandBus (load, decide, append); `dashboards` is projected in the
 * append's transaction. Properties, favourites, copies, permalinks: dashboard-*.service.ts.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  canEditDashboard,
  canViewDashboard,
  dashboardStream,
  ErrorType,
  FeatureFlag,
  normalizeDashboardRoles,
  normalizeSlug,
  parseJsonMetadata,
  savedDashboardDecider,
  toPositionJson,
  type CreateDashboard,
  type DashboardCommand,
  type Layout as DomainLayout,
  type SavedLayout,
} from '@strata/domain';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { RolesService } from '../auth/roles/roles.service';
import { StrataHttpException } from '../common/error-body';
import { AppConfig } from '../config/app-config';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';
import { checkOwners } from '../datasets/owners';
import { DecideDashboard } from './decide-dashboard';
import { FilterDatasets } from './filter-datasets';

export interface DashboardRow {
  id: number;
  dashboard_title: string;
  slug: string | null;
  owners: number[];
  position_json: SavedLayout;
  json_metadata: Record<string, unknown>;
  css: string;
  published: boolean;
  certified_by: string | null;
  certification_details: string | null;
  /** Role names that may view it under DASHBOARD_RBAC. */
  roles: string[];
  version: number;
  changed_on: Date;
  created_on: Date;
  owner_users: { id: number; first_name: string; last_name: string }[];
  charts: { id: number; slice_name: string }[];
}

export const DASHBOARD_SELECT = `SELECT d.*,
    (SELECT coalesce(json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name) ORDER BY u.id), '[]'::json)
       FROM users u WHERE u.id = ANY(d.owners)) AS owner_users,
    (SELECT coalesce(json_agg(json_build_object('id', c.id, 'slice_name', c.slice_name) ORDER BY c.id), '[]'::json)
       FROM dashboard_slices s JOIN charts c ON c.id = s.slice_id WHERE s.dashboard_id = d.id) AS charts
  FROM dashboards d`;

export function dashboardJson(row: DashboardRow) {
  return {
    id: row.id,
    dashboard_title: row.dashboard_title,
    slug: row.slug,
    url: `/superset/dashboard/${row.slug ?? row.id}/`,
    owners: row.owner_users,
    // Superset answers both as JSON text; clients parse them.
    position_json: JSON.stringify(row.position_json),
    json_metadata: JSON.stringify(row.json_metadata),
    css: row.css,
    published: row.published,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    roles: row.roles.map((name) => ({ name })),
    // The stream version: send it back as `version` on PUT to get a 409 instead of overwriting a newer save.
    version: row.version,
    charts: row.charts.map((c) => c.slice_name),
    chart_ids: row.charts.map((c) => c.id),
    changed_on: row.changed_on.toISOString(),
    created_on: row.created_on.toISOString(),
    last_modified_time: Math.floor(row.changed_on.getTime() / 1000),
  };
}
export type DashboardJson = ReturnType<typeof dashboardJson>;

const componentId = (type: string) => `${type}-${randomBytes(8).toString('base64url')}`;
/** json_metadata checked with the domain's schema (REFERENCE §3.3): a misspelt key is a 400, not stored. */
export function validMetadata(input: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const parsed = parseJsonMetadata(input ?? {});
  if (!parsed.ok)
    throw new StrataHttpException(
      400,
      ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
      `Invalid request: ${parsed.problems.slice(0, 5).join('; ')}`,
    );
  return parsed.metadata as Record<string, unknown>;
}

/**
 * Two saves racing for one slug both pass the pre-check; the read model's unique index stops the second
 * inside its append's transaction (nothing is written), and it is the same 422 as the pre-check's.
 */
export async function slugUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (
      (error as { code?: string; constraint?: string }).code === '23505' &&
      /slug/.test(String((error as { constraint?: string }).constraint ?? (error as Error).message))
    ) {
      throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, 'Must be unique: slug');
    }
    throw error;
  }
}

export const dashboardNotFound = () =>
  new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Dashboard not found.');
const notFound = dashboardNotFound;
const metaOf = (user: CurrentUser): DecisionMeta => ({ actor: String(user.id), sessionId: user.sessionId });

@Injectable()
export class DashboardsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runner: DecisionRunner,
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
    private readonly filterDatasets: FilterDatasets,
    private readonly roles: RolesService,
  ) {}

  /** The custom roles' names a dashboard may name (read now: a role created a moment ago counts). */
  customRoles(): Promise<string[]> {
    return this.roles.customNames();
  }

  /** Every role a dashboard may name: the built-in ones, then the custom ones. */
  roleNames(): Promise<string[]> {
    return this.roles.names();
  }

  /** DASHBOARD_RBAC (FEATURE_FLAGS, read at boot): roles are saved and narrow who sees a published dashboard. */
  get roleBasedAccess(): boolean {
    return this.config.featureFlags[FeatureFlag.DASHBOARD_RBAC];
  }

  /** charts-dashboards-reports §6: admins, owners, or published, and under DASHBOARD_RBAC one of the dashboard's roles when it has any. */
  canView(user: CurrentUser, row: Pick<DashboardRow, 'owners' | 'published' | 'roles'>): boolean {
    return canViewDashboard(
      user,
      { owners: row.owners, published: row.published, roles: row.roles },
      this.config.featureFlags,
    );
  }

  /** The roles of a create body: names of known roles under DASHBOARD_RBAC (400 otherwise), ignored with the flag off. */
  async rolesOf(roles: readonly string[] | null | undefined): Promise<string[] | undefined> {
    if (!this.roleBasedAccess || !roles) return undefined;
    const normalized = normalizeDashboardRoles(roles, await this.customRoles());
    if (!normalized.ok)
      throw new StrataHttpException(
        400,
        ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        `Invalid request: ${normalized.problems.join('; ')}`,
      );
    return normalized.roles;
  }

  async create(input: Omit<CreateDashboard['data'], 'id' | 'owner_id'>, user: CurrentUser): Promise<DashboardJson> {
    await checkOwners(this.dataSource, input.owners);
    input = { ...input, roles: await this.rolesOf(input.roles) };
    if (input.json_metadata) input = { ...input, json_metadata: validMetadata(input.json_metadata) };
    await this.filterDatasets.checkNewTargets(input.json_metadata, null, user);
    const [{ id }] = (await this.dataSource.query(`SELECT nextval('dashboards_id_seq')::int AS id`)) as {
      id: number;
    }[];
    const slug = normalizeSlug(input.slug);
    if (slug && (await this.dataSource.query(`SELECT 1 FROM dashboards WHERE slug = $1`, [slug])).length > 0) {
      throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, 'Must be unique: slug');
    }
    await slugUnique(() =>
      this.decide(
        id,
        { type: 'CreateDashboard', data: { ...input, id, owner_id: user.id } },
        { ...metaOf(user), expectedVersion: 0 },
      ),
    );
    return (await this.find(id))!;
  }

  /** Admins, owners, and those who may see a published dashboard (`canView`); null otherwise. */
  async get(idOrSlug: string, user: CurrentUser): Promise<DashboardJson | null> {
    const rows = (await this.dataSource.query(
      `${DASHBOARD_SELECT} WHERE ${/^\d{1,9}$/.test(idOrSlug) ? 'd.id = $1::int' : 'd.slug = $1'}`,
      [idOrSlug],
    )) as DashboardRow[];
    const row = rows[0];
    if (!row || !this.canView(user, row)) return null;
    return dashboardJson(row);
  }

  /** The row when the user may see it (charts-dashboards-reports §6, `canView`), else 404. */
  async visible(id: number, user: CurrentUser): Promise<DashboardRow> {
    const row = await this.row(id);
    if (!row || !this.canView(user, row)) throw notFound();
    return row;
  }

  /**
   * Puts the chart on the dashboard's layout and its open draft, in the first row with room, else a new row
   * (the domain decides where: record/chart-slot.ts); the user must be able to edit the dashboard.
   */
  async addChart(dashboardId: number, chart: { id: number; slice_name: string }, user: CurrentUser): Promise<void> {
    await this.editable(dashboardId, user);
    const data = {
      chartId: chart.id,
      sliceName: chart.slice_name,
      rowId: componentId('ROW'),
      chartComponentId: componentId('CHART'),
    };
    await this.decide(dashboardId, { type: 'AddChartToDashboard', data }, { ...metaOf(user), undoable: false });
  }

  async removeChart(dashboardId: number, chartId: number, user: CurrentUser): Promise<void> {
    await this.editable(dashboardId, user);
    await this.decide(
      dashboardId,
      { type: 'RemoveChartFromDashboard', data: { chartId } },
      { ...metaOf(user), undoable: false },
    );
  }

  /**
   * Takes a deleted chart off a dashboard's layout, whoever owns the dashboard: the chart's owner
   * deleted it, and a layout must not keep a chart that no longer exists.
   */
  async detachDeletedChart(dashboardId: number, chartId: number, user: CurrentUser): Promise<void> {
    await this.decide(
      dashboardId,
      { type: 'RemoveChartFromDashboard', data: { chartId } },
      { ...metaOf(user), undoable: false },
    );
  }

  /**
   * The edit session saved or restored a version: the dashboard shows its layout. Runs in the draft
   * append's transaction (`tx`), so the draft's version and the dashboard's layout never disagree: a step
   * of the draft's command handler, not a command of its own.
   */
  async publishLayout(
    tx: EntityManager,
    dashboardId: number,
    layout: DomainLayout,
    draftVersion: number,
    source: 'save' | 'restore',
    by: Pick<DecisionMeta, 'actor' | 'sessionId'>,
  ): Promise<void> {
    const position_json = toPositionJson(layout) as unknown as SavedLayout;
    const command: DashboardCommand = { type: 'PublishDashboardLayout', data: { position_json, draftVersion, source } };
    await this.runner.loadDecideAppend(
      dashboardStream(dashboardId),
      savedDashboardDecider,
      command,
      undefined,
      { actor: by.actor, sessionId: by.sessionId, undoable: false },
      { tx },
    );
  }

  /** Any change to `dashboard:<id>`, through the CommandBus (decide-dashboard.ts). */
  decide(dashboardId: number, command: DashboardCommand, meta: DecisionMeta): Promise<AppendResult> {
    return this.commands.execute(new DecideDashboard(dashboardId, command, meta));
  }

  /** 404 when missing, 403 when the user may not edit it (charts-dashboards-reports §6: can_write on Dashboard and owner, or admin). */
  async editable(id: number, user: CurrentUser): Promise<DashboardRow> {
    const row = await this.row(id);
    if (!row) throw notFound();
    if (!canEditDashboard(user, row.owners)) {
      throw new StrataHttpException(
        403,
        ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR,
        'You do not have permission to edit this dashboard',
      );
    }
    return row;
  }

  async row(id: number): Promise<DashboardRow | null> {
    const rows = (await this.dataSource.query(`${DASHBOARD_SELECT} WHERE d.id = $1`, [id])) as DashboardRow[];
    return rows[0] ?? null;
  }

  async find(id: number): Promise<DashboardJson | null> {
    const row = await this.row(id);
    return row ? dashboardJson(row) : null;
  }
}
