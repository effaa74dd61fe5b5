/**
 * Use cases on a user's server-side tabs: checks against other contexts' read models (who owns the tab,
 * whether the database, query or saved query it points at exists), ids from the sequences, then
 * DecideTabState on the CommandBus, which decides on the fold of the user's stream `tabstate:<userId>`
 * and appends with the loaded version. The read model is projected in the append's transaction, so
 * every answer reads its own write.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ErrorType, type TableSchemaFields, type TabFields, type TabStateCommand } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../../auth/current-user';
import { StrataHttpException } from '../../common/error-body';
import { DecideTabState } from './decide-tab-state';
import { tableSchemaOwner, tabOwner, tabStateToDict, type TabStateDict } from './tab-state.reader';

const notFound = (what = 'Not found') => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, what);
const notOwner = () =>
  new StrataHttpException(403, ErrorType.MISSING_OWNERSHIP_ERROR, 'This tab belongs to another user.');
const invalid = (message: string) => new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, message);

@Injectable()
export class TabStateService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
  ) {}

  async create(user: CurrentUser, fields: TabFields): Promise<number> {
    await this.checkReferences(user, fields);
    const tabId = await this.nextId('tab_state_id_seq');
    await this.decide(user, { type: 'CreateTab', tab_id: tabId, fields });
    return tabId;
  }

  async get(user: CurrentUser, tabId: number): Promise<TabStateDict> {
    await this.checkTabOwner(user, tabId);
    const dict = await tabStateToDict(this.dataSource.manager, tabId);
    if (!dict) throw notFound();
    return dict;
  }

  async save(user: CurrentUser, tabId: number, changes: Partial<TabFields>): Promise<void> {
    await this.checkTabOwner(user, tabId);
    await this.checkReferences(user, changes);
    await this.decide(user, { type: 'SaveTab', tab_id: tabId, changes });
  }

  async activate(user: CurrentUser, tabId: number): Promise<void> {
    await this.checkTabOwner(user, tabId);
    await this.decide(user, { type: 'ActivateTab', tab_id: tabId });
  }

  async delete(user: CurrentUser, tabId: number): Promise<void> {
    await this.checkTabOwner(user, tabId);
    await this.decide(user, { type: 'DeleteTab', tab_id: tabId });
  }

  /** The query leaves the tab; when it was the latest, the tab's previous run becomes the latest. */
  async removeQuery(user: CurrentUser, tabId: number, queryId: string): Promise<void> {
    await this.checkTabOwner(user, tabId);
    await this.checkOwnQuery(user, queryId);
    const previous = (await this.dataSource.query(
      `SELECT client_id FROM query WHERE sql_editor_id = $1 AND user_id = $2 AND client_id <> $3
       ORDER BY start_time DESC NULLS LAST, id DESC LIMIT 1`,
      [String(tabId), user.id, queryId],
    )) as { client_id: string }[];
    await this.decide(user, {
      type: 'RemoveTabQuery',
      tab_id: tabId,
      query_id: queryId,
      previous_query_id: previous[0]?.client_id ?? null,
    });
  }

  async migrateQuery(user: CurrentUser, tabId: number, queryId: string): Promise<void> {
    await this.checkTabOwner(user, tabId);
    await this.checkOwnQuery(user, queryId);
    await this.decide(user, { type: 'MigrateQuery', tab_id: tabId, query_id: queryId });
  }

  async addTable(user: CurrentUser, tabId: number, fields: TableSchemaFields): Promise<number> {
    await this.checkTabOwner(user, tabId);
    await this.checkReferences(user, { database_id: fields.database_id });
    const tableId = await this.nextId('table_schema_id_seq');
    await this.decide(user, { type: 'AddTableSchema', table_schema_id: tableId, tab_id: tabId, fields });
    return tableId;
  }

  async setTableExpanded(user: CurrentUser, tableId: number, expanded: boolean): Promise<void> {
    await this.checkTableOwner(user, tableId);
    await this.decide(user, {
      type: expanded ? 'ExpandTableSchema' : 'CollapseTableSchema',
      table_schema_id: tableId,
    });
  }

  async removeTable(user: CurrentUser, tableId: number): Promise<void> {
    await this.checkTableOwner(user, tableId);
    await this.decide(user, { type: 'RemoveTableSchema', table_schema_id: tableId });
  }

  private async decide(user: CurrentUser, command: TabStateCommand): Promise<void> {
    // Tab bookkeeping (autosave, activation) is not an editing step anyone undoes through the server.
    await this.commands.execute(
      new DecideTabState(user.id, command, { actor: String(user.id), sessionId: user.sessionId, undoable: false }),
    );
  }

  /**
   * Tells a stranger's tab (403) from a missing one (404) before deciding: the decider, which sees only
   * the user's own stream, would call both "not found".
   */
  private async checkTabOwner(user: CurrentUser, tabId: number): Promise<void> {
    const owner = await tabOwner(this.dataSource.manager, tabId);
    if (owner === null) throw notFound();
    if (owner !== user.id) throw notOwner();
  }

  private async checkTableOwner(user: CurrentUser, tableId: number): Promise<void> {
    const owner = await tableSchemaOwner(this.dataSource.manager, tableId);
    if (owner === null) throw notFound();
    if (owner !== user.id) throw notOwner();
  }

  private async checkOwnQuery(user: CurrentUser, queryId: string): Promise<void> {
    const own = (await this.dataSource.query(`SELECT 1 FROM query WHERE client_id = $1 AND user_id = $2`, [
      queryId,
      user.id,
    ])) as unknown[];
    if (own.length === 0) throw notFound('Query not found.');
  }

  /** A tab may only point at things that exist: the latest query (the user's own), a database, a saved query. */
  private async checkReferences(user: CurrentUser, fields: Partial<TabFields>): Promise<void> {
    if (fields.latest_query_id != null) {
      const rows = (await this.dataSource.query(`SELECT 1 FROM query WHERE client_id = $1 AND user_id = $2`, [
        fields.latest_query_id,
        user.id,
      ])) as unknown[];
      if (rows.length === 0) throw invalid(`Bad request: there is no query ${fields.latest_query_id}.`);
    }
    if (fields.database_id != null) {
      const rows = (await this.dataSource.query(`SELECT 1 FROM databases WHERE id = $1`, [
        fields.database_id,
      ])) as unknown[];
      if (rows.length === 0) throw invalid(`Bad request: there is no database ${fields.database_id}.`);
    }
    if (fields.saved_query_id != null) {
      const rows = (await this.dataSource.query(`SELECT 1 FROM saved_query WHERE id = $1`, [
        fields.saved_query_id,
      ])) as unknown[];
      if (rows.length === 0) throw invalid(`Bad request: there is no saved query ${fields.saved_query_id}.`);
    }
  }

  private async nextId(sequence: 'tab_state_id_seq' | 'table_schema_id_seq'): Promise<number> {
    const rows = (await this.dataSource.query(`SELECT nextval('${sequence}')::int AS id`)) as { id: number }[];
    return rows[0].id;
  }
}
