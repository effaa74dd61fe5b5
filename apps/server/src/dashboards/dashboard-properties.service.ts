/**
 * `PUT /api/v1/dashboard/{id}` (charts-dashboards-reports §7) and the other writers of a dashboard's own fields: publish,
 * metadata-only bodies, the native filters and colors endpoints, delete. The save body's rules are the
 * domain's (`normalizeDashboardSave`); editing needs can_write on Dashboard (route) and ownership or
 * admin (`DashboardsService.editable`). A writer that names the `version` it read gets a 409 when the
 * dashboard changed since, never a silent overwrite.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  applyFilterChanges,
  ErrorType,
  METADATA_ONLY_KEYS,
  normalizeDashboardSave,
  parseJsonMetadata,
  validateFilterConfiguration,
  type DashboardColorFields,
  type DashboardCommand,
  type FilterChanges,
  type FilterConfigItem,
  type SaveMetadataOnlySettings,
} from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { checkOwners } from '../datasets/owners';
import { SyncDashboardColors } from './dashboard-colors';
import { DashboardsService, slugUnique, type DashboardRow } from './dashboards.service';
import { FilterDatasets } from './filter-datasets';

const invalid = (problems: string[]) =>
  new StrataHttpException(
    400,
    ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
    `Invalid request: ${problems.slice(0, 5).join('; ')}`,
  );

export type PutResult = { kind: 'published' | 'metadata' | 'full'; row: DashboardRow };

/** The stored values of the save body's own fields (owners, roles and published are kept by the caller). */
const savedFields = (row: DashboardRow) => ({
  dashboard_title: row.dashboard_title,
  slug: row.slug,
  css: row.css,
  certified_by: row.certified_by,
  certification_details: row.certification_details,
  json_metadata: row.json_metadata,
});

@Injectable()
export class DashboardPropertiesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly dashboards: DashboardsService,
    private readonly commands: CommandBus,
    private readonly filterDatasets: FilterDatasets,
  ) {}

  /**
   * The three bodies of the PUT: `{published}` alone publishes; `{json_metadata}` with only the
   * metadata-only keys merges them into the stored metadata; anything else is the save body, of which
   * only the fields sent change.
   */
  async put(
    id: number,
    input: Record<string, unknown>,
    expectedVersion: number | undefined,
    user: CurrentUser,
  ): Promise<PutResult> {
    const current = await this.dashboards.editable(id, user);
    const keys = Object.keys(input);
    if (keys.length === 1 && keys[0] === 'published') {
      if (typeof input.published !== 'boolean') throw invalid(['published: expected a boolean']);
      await this.decide(
        id,
        { type: input.published ? 'PublishDashboard' : 'UnpublishDashboard', data: {} },
        expectedVersion,
        user,
      );
      return { kind: 'published', row: (await this.dashboards.row(id))! };
    }
    const metadataOnly = this.metadataOnlyPart(input);
    if (metadataOnly) {
      // Checked as the whole document they land in; each key sent is its own intent (crossFilterScopesSaved...).
      const parsed = parseJsonMetadata({ ...current.json_metadata, ...metadataOnly });
      if (!parsed.ok) throw invalid(parsed.problems);
      const data: SaveMetadataOnlySettings['data'] = {};
      for (const key of METADATA_ONLY_KEYS)
        if (key in metadataOnly) Object.assign(data, { [key]: parsed.metadata[key] });
      await this.decide(id, { type: 'SaveMetadataOnlySettings', data }, expectedVersion, user);
      return { kind: 'metadata', row: (await this.dashboards.row(id))! };
    }
    if ('position_json' in input) {
      // Layouts have versions and co-editors: they change through the edit session (POST .../draft/save).
      throw invalid([
        'position_json: the layout is saved through the edit session (POST /api/v1/dashboard/{id}/draft/save), not this body',
      ]);
    }
    // Superset's PUT changes only the fields it is sent: the rest come from the stored dashboard (already
    // normalized, so the rules leave them as they are), and the spec's rules apply to what is sent.
    const normalized = normalizeDashboardSave(
      { ...savedFields(current), ...input },
      {
        roleBasedAccess: this.dashboards.roleBasedAccess,
        customRoles: this.dashboards.roleBasedAccess ? await this.dashboards.customRoles() : [],
      },
    );
    if (!normalized.ok) throw invalid(normalized.problems);
    const body = normalized.body;
    await checkOwners(this.dataSource, body.owners);
    await this.filterDatasets.checkNewTargets(body.json_metadata, current.json_metadata, user);
    if (
      body.slug &&
      (await this.dataSource.query(`SELECT 1 FROM dashboards WHERE slug = $1 AND id <> $2`, [body.slug, id])).length > 0
    ) {
      throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, 'Must be unique: slug');
    }
    await this.decide(
      id,
      {
        type: 'UpdateDashboardProperties',
        data: {
          dashboard_title: body.dashboard_title,
          slug: body.slug,
          css: body.css,
          // Left out of the body: kept as they are.
          owners: body.owners ?? current.owners,
          roles: body.roles ?? current.roles,
          published: body.published ?? current.published,
          certified_by: body.certified_by,
          certification_details: body.certification_details,
          json_metadata: body.json_metadata as Record<string, unknown>,
        },
      },
      expectedVersion,
      user,
    );
    return { kind: 'full', row: (await this.dashboards.row(id))! };
  }

  /**
   * `PUT .../filters`: the modal's changes applied to the stored configuration, validated by the domain.
   * The row comes back too: its `version` is what the writer sends next time.
   */
  async filters(
    id: number,
    changes: FilterChanges,
    expectedVersion: number | undefined,
    user: CurrentUser,
  ): Promise<{ items: FilterConfigItem[]; row: DashboardRow }> {
    const current = await this.dashboards.editable(id, user);
    const before = parseJsonMetadata(current.json_metadata);
    const stored = before.ok ? (before.metadata.native_filter_configuration ?? []) : [];
    const known = new Set(stored.map((f) => f.id));
    const missing = [...changes.modified.map((f) => f.id), ...changes.deleted].filter((fid) => !known.has(fid));
    if (missing.length > 0)
      throw new StrataHttpException(
        404,
        ErrorType.OBJECT_DOES_NOT_EXIST_ERROR,
        `Native filter not found: ${missing.slice(0, 5).join(', ')}`,
      );
    const clash = changes.added.filter((f) => known.has(f.id)).map((f) => f.id);
    if (clash.length > 0) throw invalid([`added: ${clash.join(', ')} already exist`]);
    const next = applyFilterChanges(stored as FilterConfigItem[], changes);
    const errors = validateFilterConfiguration(next);
    if (errors.length > 0) {
      throw new StrataHttpException(
        422,
        ErrorType.GENERIC_COMMAND_ERROR,
        errors.map((e) => `${e.filterId}: ${e.message}`).join('; '),
        { errors } as never,
      );
    }
    await this.filterDatasets.checkNewTargets({ native_filter_configuration: next }, current.json_metadata, user);
    const parsed = parseJsonMetadata({ ...current.json_metadata, native_filter_configuration: next });
    if (!parsed.ok) throw invalid(parsed.problems);
    await this.decide(
      id,
      {
        type: 'ConfigureNativeFilters',
        data: { native_filter_configuration: parsed.metadata.native_filter_configuration ?? [] },
      },
      expectedVersion,
      user,
    );
    return { items: next, row: (await this.dashboards.row(id))! };
  }

  /** `PUT .../colors`: the colour fields of json_metadata; `mark_updated=false` keeps changed_on (a sync, not an edit). */
  async colors(
    id: number,
    colors: DashboardColorFields,
    markUpdated: boolean,
    user: CurrentUser,
  ): Promise<DashboardRow> {
    const current = await this.dashboards.editable(id, user);
    const parsed = parseJsonMetadata({ ...current.json_metadata, ...colors });
    if (!parsed.ok) throw invalid(parsed.problems);
    await this.commands.execute(
      new SyncDashboardColors(id, colors, markUpdated, {
        actor: String(user.id),
        sessionId: user.sessionId,
        undoable: false,
      }),
    );
    return (await this.dashboards.row(id))!;
  }

  async delete(id: number, user: CurrentUser): Promise<void> {
    await this.dashboards.editable(id, user);
    await this.decide(id, { type: 'DeleteDashboard', data: {} }, undefined, user);
  }

  /** Checks every dashboard first, so a refusal deletes none of them. */
  async deleteMany(ids: number[], user: CurrentUser): Promise<void> {
    for (const id of ids) await this.dashboards.editable(id, user);
    for (const id of ids) await this.decide(id, { type: 'DeleteDashboard', data: {} }, undefined, user);
  }

  private metadataOnlyPart(input: Record<string, unknown>): Record<string, unknown> | null {
    if (Object.keys(input).length !== 1 || !('json_metadata' in input)) return null;
    let value = input.json_metadata;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        return null; // the full-body path reports the bad JSON
      }
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const keys = Object.keys(value);
    const only = keys.length > 0 && keys.every((k) => (METADATA_ONLY_KEYS as readonly string[]).includes(k));
    return only ? (value as Record<string, unknown>) : null;
  }

  private async decide(
    id: number,
    command: DashboardCommand,
    expectedVersion: number | undefined,
    user: CurrentUser,
  ): Promise<void> {
    await slugUnique(() =>
      this.dashboards.decide(id, command, { actor: String(user.id), sessionId: user.sessionId, expectedVersion }),
    );
  }
}
