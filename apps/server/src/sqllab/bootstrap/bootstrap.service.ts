/**
 * SQL Lab's bootstrap (REFERENCE §1.1 `GET /api/v1/sqllab/`): the databases the user may query in SQL
 * Lab, the user's server-side tabs with the active one in full, and the recent runs of those tabs.
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import type { CurrentUser } from '../../auth/current-user';
import { DatabaseAccess } from '../../databases/database-access';
import type { DatabaseSettings } from '@strata/domain';
import { backendOfUri } from '../../engines/connection-uri';
import { QUERY_SELECT, queryToDict, type QueryDbRow } from '../queries/query-row';
import { backendPersistenceOn } from '../tab-state/backend-persistence.guard';
import { tabStateToDict, type TabStateDict } from '../tab-state/tab-state.reader';

/** Runs older than this only come back when they are a tab's latest (MAX_QUERY_AGE_TO_POLL, 6 h). */
export const RECENT_QUERIES_MS = 6 * 60 * 60 * 1000;
/** A bound on the payload for users who run thousands of queries a day. */
export const MAX_BOOTSTRAP_QUERIES = 1000;

/** A `databases` row as SELECT * reads it: the module's settings, with `extra` possibly NULL. */
type DatabaseRow = Omit<DatabaseSettings, 'extra'> & { id: number; extra: DatabaseSettings['extra'] | null };

function databaseJson(row: DatabaseRow) {
  const extra = row.extra ?? {};
  const flag = (name: string) => extra[name] === true;
  return {
    id: row.id,
    database_name: row.database_name,
    backend: backendOfUri(row.uri) ?? 'sql',
    expose_in_sqllab: row.expose_in_sqllab,
    allow_run_async: row.allow_run_async,
    allow_dml: row.allow_dml,
    allow_ctas: row.allow_ctas,
    allow_cvas: row.allow_cvas,
    allows_cost_estimate: row.allows_cost_estimate,
    allows_subquery: row.allows_subquery,
    allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
    allow_file_upload: row.allow_file_upload,
    allow_multi_catalog: flag('allow_multi_catalog'),
    disable_data_preview: flag('disable_data_preview'),
    disable_drill_to_detail: flag('disable_drill_to_detail'),
    force_ctas_schema: row.force_ctas_schema,
    engine_information: {
      supports_file_upload: row.allow_file_upload,
      disable_ssh_tunneling: true,
      supports_dynamic_catalog: false,
      supports_oauth2: false,
    },
  };
}
export type BootstrapDatabase = ReturnType<typeof databaseJson>;

/**
 * The feature flags the client reads at boot: every flag's effective value (FEATURE_FLAGS over the
 * defaults), plus SQLLAB_FORCE_RUN_ASYNC, a server setting the client needs too (every run is async there).
 */
export type BootstrapFeatureFlags = AppConfig['featureFlags'] & { SQLLAB_FORCE_RUN_ASYNC: boolean };

export interface SqlLabBootstrap {
  active_tab: TabStateDict | null;
  feature_flags: BootstrapFeatureFlags;
  databases: Record<number, BootstrapDatabase>;
  queries: Record<string, ReturnType<typeof queryToDict>>;
  tab_state_ids: [number, string][];
}

@Injectable()
export class BootstrapService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: DatabaseAccess,
    private readonly config: AppConfig,
  ) {}

  async bootstrap(user: CurrentUser, nowMs = Date.now()): Promise<SqlLabBootstrap> {
    const feature_flags = {
      ...this.config.featureFlags,
      SQLLAB_FORCE_RUN_ASYNC: this.config.sqllab.forceRunAsync === true,
    };
    // Without backend persistence the tabs are the browser's alone (REFERENCE §1.1).
    if (!backendPersistenceOn(this.config))
      return {
        active_tab: null,
        feature_flags,
        databases: await this.visibleDatabases(user),
        queries: {},
        tab_state_ids: [],
      };
    const tabs = (await this.dataSource.query(
      `SELECT id, label, active, latest_query_id FROM tab_state WHERE user_id = $1 ORDER BY id`,
      [user.id],
    )) as {
      id: number;
      label: string;
      active: boolean;
      latest_query_id: string | null;
    }[];
    const active = tabs.find((tab) => tab.active) ?? tabs[0];
    return {
      active_tab: active ? await tabStateToDict(this.dataSource.manager, active.id) : null,
      feature_flags,
      databases: await this.visibleDatabases(user),
      queries: await this.recentQueries(user, tabs, nowMs),
      tab_state_ids: tabs.map((tab) => [tab.id, tab.label]),
    };
  }

  /**
   * Databases exposed in SQL Lab that the user has access to, by DatabaseAccess's full rule (permission
   * pairs and role grants), so the list matches what execute and estimate accept.
   */
  private async visibleDatabases(user: CurrentUser): Promise<Record<number, BootstrapDatabase>> {
    const rows = (await this.dataSource.query(
      `SELECT * FROM databases WHERE expose_in_sqllab ORDER BY id`,
    )) as DatabaseRow[];
    const allowed = await this.access.accessibleIds(user);
    const visible = rows.filter((row) => allowed.has(row.id));
    return Object.fromEntries(visible.map((row) => [row.id, databaseJson(row)]));
  }

  private async recentQueries(
    user: CurrentUser,
    tabs: { id: number; latest_query_id: string | null }[],
    nowMs: number,
  ) {
    if (tabs.length === 0) return {};
    const rows = (await this.dataSource.query(
      `${QUERY_SELECT}
       WHERE q.user_id = $1 AND q.sql_editor_id = ANY($2::text[])
         AND (q.changed_on >= to_timestamp($3::double precision / 1000) OR q.client_id = ANY($4::text[]))
       ORDER BY q.changed_on DESC LIMIT ${MAX_BOOTSTRAP_QUERIES}`,
      [
        user.id,
        tabs.map((tab) => String(tab.id)),
        nowMs - RECENT_QUERIES_MS,
        tabs.flatMap((tab) => (tab.latest_query_id ? [tab.latest_query_id] : [])),
      ],
    )) as QueryDbRow[];
    return Object.fromEntries(rows.reverse().map((row) => [row.client_id, queryToDict(row)]));
  }
}
