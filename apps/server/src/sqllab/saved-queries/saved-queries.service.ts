/**
 * Use cases on saved queries: checks, then DecideSavedQuery on the CommandBus (load the stream, let the
 * pure decider decide, append); `saved_query` is projected in the append's transaction, so every answer
 * reads its own write.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  isAdmin,
  savedQueryDecider,
  savedQueryStream,
  type SavedQueryContext,
  type SavedQueryFields,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../../auth/current-user';
import { DecisionRunner } from '../../event-store/load-decide-append';
import { DecideSavedQuery } from './decide-saved-query';
import { filterSql, type SavedQueryList } from './list-query';

export interface SavedQueryJson extends SavedQueryFields {
  id: number;
  database: { id: number; database_name: string | null };
  created_by: { id: number; first_name: string; last_name: string };
  changed_by: { id: number; first_name: string; last_name: string };
  created_on: string;
  changed_on: string;
  rows: number | null;
  last_run: string | null;
}

interface Row {
  id: number;
  label: string;
  description: string;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_parameters: string | null;
  rows: number | null;
  last_run: Date | null;
  created_by_fk: number;
  changed_by_fk: number;
  created_on: Date;
  changed_on: Date;
  database_name: string | null;
  creator_first: string | null;
  creator_last: string | null;
  changer_first: string | null;
  changer_last: string | null;
}

const SELECT = `SELECT s.*, d.database_name,
    cu.first_name AS creator_first, cu.last_name AS creator_last, mu.first_name AS changer_first, mu.last_name AS changer_last
  FROM saved_query s
  LEFT JOIN databases d ON d.id = s.db_id
  LEFT JOIN users cu ON cu.id = s.created_by_fk
  LEFT JOIN users mu ON mu.id = s.changed_by_fk`;

/** Text sorts ignore case: 'beta' belongs between 'Alpha' and 'Gamma' whatever the collation. */
const ORDER: Record<SavedQueryList['order_column'], string> = {
  label: 'lower(s.label)',
  changed_on: 's.changed_on',
  created_on: 's.created_on',
  schema: 'lower(s.schema)',
  description: 'lower(s.description)',
  db_id: 's.db_id',
  'database.database_name': 'lower(d.database_name)',
};

function toJson(r: Row): SavedQueryJson {
  const person = (id: number, first: string | null, last: string | null) => ({
    id,
    first_name: first ?? '',
    last_name: last ?? '',
  });
  return {
    id: r.id,
    label: r.label,
    description: r.description,
    db_id: r.db_id,
    database: { id: r.db_id, database_name: r.database_name },
    catalog: r.catalog,
    schema: r.schema,
    sql: r.sql,
    template_parameters: r.template_parameters,
    rows: r.rows,
    last_run: r.last_run?.toISOString() ?? null,
    created_by: person(r.created_by_fk, r.creator_first, r.creator_last),
    changed_by: person(r.changed_by_fk, r.changer_first, r.changer_last),
    created_on: r.created_on.toISOString(),
    changed_on: r.changed_on.toISOString(),
  };
}

const context = (user: CurrentUser): SavedQueryContext => ({ actorId: user.id, actorIsAdmin: isAdmin(user) });
const meta = (user: CurrentUser) => ({ actor: String(user.id), sessionId: user.sessionId });

@Injectable()
export class SavedQueriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runner: DecisionRunner,
    private readonly commands: CommandBus,
  ) {}

  async create(fields: SavedQueryFields, user: CurrentUser): Promise<SavedQueryJson> {
    await this.checkDatabase(fields.db_id);
    const [{ id }] = (await this.dataSource.query(`SELECT nextval('saved_query_id_seq')::int AS id`)) as {
      id: number;
    }[];
    await this.commands.execute(
      new DecideSavedQuery(id, { type: 'CreateSavedQuery', data: { id, ...fields } }, context(user), {
        ...meta(user),
        expectedVersion: 0,
      }),
    );
    return (await this.find(id))!;
  }

  async update(id: number, changes: Partial<SavedQueryFields>, user: CurrentUser): Promise<SavedQueryJson> {
    if (changes.db_id !== undefined) await this.checkDatabase(changes.db_id);
    await this.commands.execute(
      new DecideSavedQuery(id, { type: 'EditSavedQuery', data: changes }, context(user), meta(user)),
    );
    return (await this.find(id))!;
  }

  async delete(id: number, user: CurrentUser): Promise<void> {
    await this.commands.execute(new DecideSavedQuery(id, { type: 'DeleteSavedQuery' }, context(user), meta(user)));
  }

  /** Checks every id before deleting any, so a refused bulk delete changes nothing. */
  async deleteMany(ids: number[], user: CurrentUser): Promise<void> {
    const states = await Promise.all(ids.map((id) => this.runner.load(savedQueryStream(id), savedQueryDecider)));
    for (const { state } of states) savedQueryDecider.decide({ type: 'DeleteSavedQuery' }, state, context(user));
    for (const id of ids) await this.delete(id, user);
  }

  /**
   * The user's own star (issue 15 item 6); the decider refuses a saved query the user may not see (404).
   * A star is a view preference, not an edit: never an undo step.
   */
  async favorite(id: number, favorite: boolean, user: CurrentUser): Promise<void> {
    await this.commands.execute(
      new DecideSavedQuery(id, { type: favorite ? 'FavoriteSavedQuery' : 'UnfavoriteSavedQuery' }, context(user), {
        ...meta(user),
        undoable: false,
      }),
    );
  }

  async favoriteStatus(ids: number[], user: CurrentUser): Promise<{ id: number; value: boolean }[]> {
    const rows = (await this.dataSource.query(
      `SELECT saved_query_id FROM saved_query_favorites WHERE user_id = $1 AND saved_query_id = ANY($2::int[])`,
      [user.id, ids],
    )) as { saved_query_id: number }[];
    const starred = new Set(rows.map((r) => r.saved_query_id));
    return ids.map((id) => ({ id, value: starred.has(id) }));
  }

  /** Someone else's saved query is not visible: null, as for one that does not exist (admins see all). */
  async get(id: number, user: CurrentUser): Promise<SavedQueryJson | null> {
    const found = await this.find(id);
    if (!found || (!isAdmin(user) && found.created_by.id !== user.id)) return null;
    return found;
  }

  async list(query: SavedQueryList, user: CurrentUser): Promise<{ count: number; result: SavedQueryJson[] }> {
    const visibility = isAdmin(user) ? [] : [`s.created_by_fk = $1`];
    const base = isAdmin(user) ? [] : [user.id];
    const { where, params } = filterSql(query.filters, base.length, user.id);
    const clauses = [...visibility, ...where];
    const whereSql = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const all = [...base, ...params];
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM saved_query s LEFT JOIN databases d ON d.id = s.db_id ${whereSql}`,
      all,
    )) as { count: number }[];
    const rows = (await this.dataSource.query(
      `${SELECT} ${whereSql} ORDER BY ${ORDER[query.order_column]} ${query.order_direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, s.id
       LIMIT ${query.page_size} OFFSET ${query.page * query.page_size}`,
      all,
    )) as Row[];
    return { count, result: rows.map(toJson) };
  }

  private async find(id: number): Promise<SavedQueryJson | null> {
    const rows = (await this.dataSource.query(`${SELECT} WHERE s.id = $1`, [id])) as Row[];
    return rows[0] ? toJson(rows[0]) : null;
  }

  private async checkDatabase(id: number): Promise<void> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM databases WHERE id = $1`, [id])) as unknown[];
    if (rows.length === 0) throw new DomainError('unknown_database', `There is no database with id ${id}.`);
  }
}
export { SELECT as SAVED_QUERY_SELECT, toJson as savedQueryJson };
