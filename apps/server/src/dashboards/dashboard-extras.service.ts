/**
 * What a dashboard offers beyond its own fields (charts-dashboards-reports §7): favourites, copies (with or without duplicated
 * charts), permalinks, and the charts and datasets it shows. Seeing a dashboard (admins, owners, or
 * published) is the condition for all of them; copying also needs can_write on Dashboard (route).
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DASHBOARD_PERMALINK_RESOURCE,
  ErrorType,
  remapChartIdsInMetadata,
  type ChartCommand,
  type SavedLayout,
  type SavedLayoutComponent,
} from '@strata/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { DecideChart } from '../charts/decide-chart';
import { CHART_SELECT, chartJson, type ChartRow } from '../charts/chart-json';
import { StrataHttpException } from '../common/error-body';
import { DatasetsService } from '../datasets/datasets.service';
import { DecideDashboardFavorites } from './decide-dashboard-favorites';
import { DecideDashboardPermalink } from './decide-dashboard-permalink';
import { DashboardsService, validMetadata, type DashboardJson } from './dashboards.service';
import { FilterDatasets } from './filter-datasets';

export interface CopyInput {
  dashboard_title?: string | null;
  css?: string | null;
  json_metadata: Record<string, unknown>;
  duplicate_slices: boolean;
}

@Injectable()
export class DashboardExtrasService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
    private readonly dashboards: DashboardsService,
    private readonly datasets: DatasetsService,
    private readonly filterDatasets: FilterDatasets,
  ) {}

  async favorite(id: number, favorite: boolean, user: CurrentUser): Promise<void> {
    await this.dashboards.visible(id, user);
    await this.commands.execute(
      new DecideDashboardFavorites(
        id,
        { type: 'FavoriteDashboard', data: { userId: user.id, favorite } },
        {
          actor: String(user.id),
          sessionId: user.sessionId,
          // A star is a view preference, not an edit: never an undo step.
          undoable: false,
        },
      ),
    );
  }

  async favoriteStatus(ids: number[], user: CurrentUser): Promise<{ id: number; value: boolean }[]> {
    const rows = (await this.dataSource.query(
      `SELECT dashboard_id FROM dashboard_favorites WHERE user_id = $1 AND dashboard_id = ANY($2::int[])`,
      [user.id, ids],
    )) as { dashboard_id: number }[];
    const starred = new Set(rows.map((r) => r.dashboard_id));
    return ids.map((id) => ({ id, value: starred.has(id) }));
  }

  /** The dashboard's charts as Explore would load them (form_data included). */
  async charts(id: number, user: CurrentUser) {
    await this.dashboards.visible(id, user);
    const rows = (await this.dataSource.query(
      `${CHART_SELECT} WHERE c.id IN (SELECT slice_id FROM dashboard_slices WHERE dashboard_id = $1) ORDER BY c.id`,
      [id],
    )) as ChartRow[];
    return rows.map(chartJson);
  }

  /**
   * The datasets behind its charts and its native filters, with columns and metrics. Ones the user may
   * not read are left out, except under DASHBOARD_RBAC, where seeing the dashboard grants its data.
   */
  async datasetsOf(id: number, user: CurrentUser) {
    await this.dashboards.visible(id, user);
    const rows = (await this.dataSource.query(
      `SELECT c.datasource_id AS id FROM charts c JOIN dashboard_slices s ON s.slice_id = c.id WHERE s.dashboard_id = $1
       UNION
       SELECT (t->>'datasetId')::int FROM dashboards d,
              jsonb_array_elements(CASE WHEN jsonb_typeof(d.json_metadata->'native_filter_configuration') = 'array' THEN d.json_metadata->'native_filter_configuration' ELSE '[]'::jsonb END) f,
              jsonb_array_elements(CASE WHEN jsonb_typeof(f->'targets') = 'array' THEN f->'targets' ELSE '[]'::jsonb END) t
        WHERE d.id = $1 AND t->>'datasetId' ~ '^[0-9]{1,9}$'
       ORDER BY 1`,
      [id],
    )) as { id: number }[];
    const granted = this.dashboards.roleBasedAccess;
    const found = await Promise.all(
      rows.map(async (r) => (await this.datasets.get(r.id, user)) ?? (granted ? await this.datasets.find(r.id) : null)),
    );
    return found.filter((d) => d !== null);
  }

  /**
   * A new dashboard owned by the user with the source's layout; with duplicate_slices each chart is
   * copied too (owned by the user) and the layout and json_metadata point at the copies.
   */
  async copy(id: number, input: CopyInput, user: CurrentUser): Promise<DashboardJson> {
    const source = await this.dashboards.visible(id, user);
    const { positions: _positions, ...requested } = input.json_metadata;
    let metadata = validMetadata(requested);
    // The copy's filters come from the request: only the source's own targets come without a check.
    await this.filterDatasets.checkNewTargets(metadata, source.json_metadata, user);
    await this.checkChartsPlaceable(id, user);
    let layout = source.position_json;
    if (input.duplicate_slices) {
      const mapping = await this.duplicateCharts(id, user);
      layout = remapCharts(layout, mapping);
      // Cross-filter, native-filter scopes, refresh immunity...: all must name the copies, not the source's charts.
      metadata = remapChartIdsInMetadata(metadata, new Map([...mapping].map(([from, to]) => [from, to.id])));
    }
    const [{ id: newId }] = (await this.dataSource.query(`SELECT nextval('dashboards_id_seq')::int AS id`)) as {
      id: number;
    }[];
    await this.dashboards.decide(
      newId,
      {
        type: 'CreateDashboard',
        data: {
          id: newId,
          owner_id: user.id,
          dashboard_title: input.dashboard_title,
          css: input.css ?? source.css,
          json_metadata: metadata,
          position_json: layout,
        },
      },
      { actor: String(user.id), sessionId: user.sessionId, expectedVersion: 0 },
    );
    return (await this.dashboards.find(newId))!;
  }

  async createPermalink(
    id: number,
    state: Record<string, unknown>,
    user: CurrentUser,
  ): Promise<{ key: string; url: string }> {
    await this.dashboards.visible(id, user);
    const key = randomBytes(24).toString('base64url');
    await this.commands.execute(
      new DecideDashboardPermalink(
        key,
        { type: 'CreateDashboardPermalink', data: { key, dashboardId: id, state } },
        { actor: String(user.id), sessionId: user.sessionId, undoable: false },
      ),
    );
    return { key, url: `/superset/dashboard/p/${key}/` };
  }

  /** The stored state, when the user may still see its dashboard. */
  async permalink(key: string, user: CurrentUser): Promise<{ dashboardId: string; state: Record<string, unknown> }> {
    const rows = (await this.dataSource.query(`SELECT value FROM key_value WHERE resource = $1 AND key = $2`, [
      DASHBOARD_PERMALINK_RESOURCE,
      key,
    ])) as {
      value: { dashboardId: number; state: Record<string, unknown> };
    }[];
    if (!rows[0]) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Permalink not found.');
    await this.dashboards.visible(rows[0].value.dashboardId, user);
    return { dashboardId: String(rows[0].value.dashboardId), state: rows[0].value.state };
  }

  /**
   * A copy places the source's charts (or copies of them) on a dashboard the user owns, whose viewers then
   * read their data under DASHBOARD_RBAC: like placing a chart, that needs read access to their datasets.
   */
  private async checkChartsPlaceable(dashboardId: number, user: CurrentUser): Promise<void> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT c.datasource_id FROM dashboard_slices s JOIN charts c ON c.id = s.slice_id WHERE s.dashboard_id = $1 ORDER BY c.datasource_id`,
      [dashboardId],
    )) as { datasource_id: number }[];
    for (const { datasource_id } of rows) {
      if (!(await this.datasets.get(datasource_id, user))) {
        throw new StrataHttpException(
          403,
          ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR,
          `This dashboard has charts on dataset ${datasource_id}, which you have no access to: it cannot be copied into a dashboard of yours.`,
        );
      }
    }
  }

  private async duplicateCharts(
    dashboardId: number,
    user: CurrentUser,
  ): Promise<Map<number, { id: number; slice_name: string }>> {
    const rows = (await this.dataSource.query(
      `${CHART_SELECT} WHERE c.id IN (SELECT slice_id FROM dashboard_slices WHERE dashboard_id = $1) ORDER BY c.id`,
      [dashboardId],
    )) as ChartRow[];
    const mapping = new Map<number, { id: number; slice_name: string }>();
    for (const row of rows) {
      const [{ id }] = (await this.dataSource.query(`SELECT nextval('charts_id_seq')::int AS id`)) as { id: number }[];
      const command: ChartCommand = {
        type: 'CreateChart',
        data: {
          id,
          owner_id: user.id,
          slice_name: row.slice_name,
          viz_type: row.viz_type,
          datasource_id: row.datasource_id,
          datasource_type: row.datasource_type,
          params: row.params,
          query_context: row.query_context,
          description: row.description,
          cache_timeout: row.cache_timeout,
          certified_by: null,
          certification_details: null,
        },
      };
      await this.commands.execute(
        new DecideChart(id, command, { actor: String(user.id), sessionId: user.sessionId, expectedVersion: 0 }),
      );
      mapping.set(row.id, { id, slice_name: row.slice_name });
    }
    return mapping;
  }
}

function remapCharts(layout: SavedLayout, mapping: Map<number, { id: number; slice_name: string }>): SavedLayout {
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(layout)) {
    const c = value as SavedLayoutComponent | 'v2';
    const target = typeof c === 'object' && c.type === 'CHART' ? mapping.get(Number(c.meta?.chartId)) : undefined;
    next[key] =
      target && typeof c === 'object'
        ? { ...c, meta: { ...c.meta, chartId: target.id, sliceName: target.slice_name } }
        : c;
  }
  return next as SavedLayout;
}
