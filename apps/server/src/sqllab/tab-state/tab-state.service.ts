/**
 * Use cases on a user's server-side tabs. Each runs in one transaction that holds the user's advisory
 * lock, loads the tabs (the persisted fold of `tabstate:<userId>`), lets the pure decider decide, and
 * appends; the read model is projected in that same transaction. The lock makes the decision and the
 * append atomic per user without folding the whole (long, autosaved) stream on every keystroke save.
 */
import { Injectable } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUser } from '../../auth/current-user';
import { StrataHttpException } from '../../common/error-body';
import { EventStore } from '../../event-store/event-store.port';
import { tabStateDecider, type TabStateCommand } from './tab-state.decider';
import { tabStateStream, type TableSchemaFields, type TabFields } from './tab-state.events';
import { loadTabStates, tableSchemaOwner, tabOwner, tabStateToDict, type TabStateDict } from './tab-state.reader';

const notFound = (what = 'Not found') => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, what);
const notOwner = () =>
  new StrataHttpException(403, ErrorType.MISSING_OWNERSHIP_ERROR, 'This tab belongs to another user.');
const invalid = (message: string) => new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, message);

@Injectable()
export class TabStateService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
  ) {}

  async create(user: CurrentUser, fields: TabFields): Promise<number> {
    return this.inUserTransaction(user, async (tx) => {
      await this.checkReferences(tx, user, fields);
      const tabId = await nextId(tx, 'tab_state_id_seq');
      await this.decideAndAppend(tx, user, { type: 'CreateTab', tab_id: tabId, fields });
      return tabId;
    });
  }

  async get(user: CurrentUser, tabId: number): Promise<TabStateDict> {
    await this.checkTabOwner(this.dataSource.manager, user, tabId);
    const dict = await tabStateToDict(this.dataSource.manager, tabId);
    if (!dict) throw notFound();
    return dict;
  }

  async save(user: CurrentUser, tabId: number, changes: Partial<TabFields>): Promise<void> {
    await this.onTab(user, tabId, async (tx) => {
      await this.checkReferences(tx, user, changes);
      return { type: 'SaveTab', tab_id: tabId, changes };
    });
  }

  activate(user: CurrentUser, tabId: number): Promise<void> {
    return this.onTab(user, tabId, async () => ({ type: 'ActivateTab', tab_id: tabId }));
  }

  delete(user: CurrentUser, tabId: number): Promise<void> {
    return this.onTab(user, tabId, async () => ({ type: 'DeleteTab', tab_id: tabId }));
  }

  /** The query leaves the tab; when it was the latest, the tab's previous run becomes the latest. */
  removeQuery(user: CurrentUser, tabId: number, queryId: string): Promise<void> {
    return this.onTab(user, tabId, async (tx) => {
      const own = (await tx.query(`SELECT 1 FROM query WHERE client_id = $1 AND user_id = $2`, [
        queryId,
        user.id,
      ])) as unknown[];
      if (own.length === 0) throw notFound('Query not found.');
      const previous = (await tx.query(
        `SELECT client_id FROM query WHERE sql_editor_id = $1 AND user_id = $2 AND client_id <> $3
         ORDER BY start_time DESC NULLS LAST, id DESC LIMIT 1`,
        [String(tabId), user.id, queryId],
      )) as { client_id: string }[];
      return {
        type: 'RemoveTabQuery',
        tab_id: tabId,
        query_id: queryId,
        previous_query_id: previous[0]?.client_id ?? null,
      };
    });
  }

  migrateQuery(user: CurrentUser, tabId: number, queryId: string): Promise<void> {
    return this.onTab(user, tabId, async (tx) => {
      const own = (await tx.query(`SELECT 1 FROM query WHERE client_id = $1 AND user_id = $2`, [
        queryId,
        user.id,
      ])) as unknown[];
      if (own.length === 0) throw notFound('Query not found.');
      return { type: 'MigrateQuery', tab_id: tabId, query_id: queryId };
    });
  }

  async addTable(user: CurrentUser, tabId: number, fields: TableSchemaFields): Promise<number> {
    let tableId = 0;
    await this.onTab(user, tabId, async (tx) => {
      await this.checkReferences(tx, user, { database_id: fields.database_id });
      tableId = await nextId(tx, 'table_schema_id_seq');
      return { type: 'AddTableSchema', table_schema_id: tableId, tab_id: tabId, fields };
    });
    return tableId;
  }

  setTableExpanded(user: CurrentUser, tableId: number, expanded: boolean): Promise<void> {
    return this.onTable(user, tableId, {
      type: expanded ? 'ExpandTableSchema' : 'CollapseTableSchema',
      table_schema_id: tableId,
    });
  }

  removeTable(user: CurrentUser, tableId: number): Promise<void> {
    return this.onTable(user, tableId, { type: 'RemoveTableSchema', table_schema_id: tableId });
  }

  private async onTab(
    user: CurrentUser,
    tabId: number,
    command: (tx: EntityManager) => Promise<TabStateCommand>,
  ): Promise<void> {
    await this.inUserTransaction(user, async (tx) => {
      await this.checkTabOwner(tx, user, tabId);
      await this.decideAndAppend(tx, user, await command(tx));
    });
  }

  private async onTable(user: CurrentUser, tableId: number, command: TabStateCommand): Promise<void> {
    await this.inUserTransaction(user, async (tx) => {
      const owner = await tableSchemaOwner(tx, tableId);
      if (owner === null) throw notFound();
      if (owner !== user.id) throw notOwner();
      await this.decideAndAppend(tx, user, command);
    });
  }

  private async checkTabOwner(tx: EntityManager, user: CurrentUser, tabId: number): Promise<void> {
    const owner = await tabOwner(tx, tabId);
    if (owner === null) throw notFound();
    if (owner !== user.id) throw notOwner();
  }

  private async decideAndAppend(tx: EntityManager, user: CurrentUser, command: TabStateCommand): Promise<void> {
    const events = tabStateDecider.decide(command, await loadTabStates(tx, user.id), undefined);
    if (events.length === 0) return;
    // Tab bookkeeping (autosave, activation) is not an editing step anyone undoes through the server.
    await this.store.append(tabStateStream(user.id), events, {
      expectedVersion: 'any',
      tx,
      meta: { actor: String(user.id), sessionId: user.sessionId, undoable: false },
    });
  }

  private inUserTransaction<T>(user: CurrentUser, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`strata:${tabStateStream(user.id)}`]);
      return work(tx);
    });
  }

  /** A tab may only point at things that exist: the latest query (the user's own), a database, a saved query. */
  private async checkReferences(tx: EntityManager, user: CurrentUser, fields: Partial<TabFields>): Promise<void> {
    if (fields.latest_query_id != null) {
      const rows = (await tx.query(`SELECT 1 FROM query WHERE client_id = $1 AND user_id = $2`, [
        fields.latest_query_id,
        user.id,
      ])) as unknown[];
      if (rows.length === 0) throw invalid(`Bad request: there is no query ${fields.latest_query_id}.`);
    }
    if (fields.database_id != null) {
      const rows = (await tx.query(`SELECT 1 FROM databases WHERE id = $1`, [fields.database_id])) as unknown[];
      if (rows.length === 0) throw invalid(`Bad request: there is no database ${fields.database_id}.`);
    }
    if (fields.saved_query_id != null) {
      const rows = (await tx.query(`SELECT 1 FROM saved_query WHERE id = $1`, [fields.saved_query_id])) as unknown[];
      if (rows.length === 0) throw invalid(`Bad request: there is no saved query ${fields.saved_query_id}.`);
    }
  }
}

async function nextId(tx: EntityManager, sequence: 'tab_state_id_seq' | 'table_schema_id_seq'): Promise<number> {
  const rows = (await tx.query(`SELECT nextval('${sequence}')::int AS id`)) as { id: number }[];
  return rows[0].id;
}
