/**
 * Creating datasets from SQL Lab (a query or a table) and reading them back. Create: check the database
 * and the user's access to it, infer columns unless given, decide, append on `dataset:<id>`; the
 * `datasets` read model is projected in the append's transaction.
 */
import { Injectable } from '@nestjs/common';
import { ErrorType, hasPermission, isAdmin, Permission, PermissionView } from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { EventStore, VersionConflictError } from '../event-store/event-store.port';
import { SqlLabDatabases } from '../sqllab/execute/sqllab-databases';
import { ColumnInference } from './column-inference';
import { datasetDecider } from './dataset.decider';
import { datasetStream, type DatasetColumn } from './dataset.events';
import { datasetJson, DATASET_SELECT, type DatasetJson, type DatasetRow } from './dataset-json';

export interface NewDataset {
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  table_name: string;
  template_params: string | null;
  columns: DatasetColumn[] | null;
  is_managed_externally: boolean;
  external_url: string | null;
  description: string | null;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; driverError?: { code?: string } };
  return e.code === '23505' || e.driverError?.code === '23505';
};
const alreadyExists = (name: string) => new DomainError('dataset_exists', `Dataset ${name} already exists`);

@Injectable()
export class DatasetsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly databases: SqlLabDatabases,
    private readonly inference: ColumnInference,
  ) {}

  async create(input: NewDataset, user: CurrentUser): Promise<DatasetJson> {
    await this.checkDatabase(input.database_id, user);
    if ((await this.findByName(input)) !== null) throw alreadyExists(input.table_name);
    const columns = input.columns ?? (await this.inferColumns(input));
    const [{ id }] = (await this.dataSource.query(`SELECT nextval('datasets_id_seq')::int AS id`)) as { id: number }[];
    const { columns: _given, ...fields } = input;
    const events = datasetDecider.decide(
      { type: 'CreateDataset', data: { ...fields, id, kind: input.sql ? 'virtual' : 'physical', columns, owner_id: user.id } },
      datasetDecider.initialState(),
    );
    try {
      await this.store.append(datasetStream(id), events, { expectedVersion: 0, meta: { actor: String(user.id), sessionId: user.sessionId } });
    } catch (err) {
      // The check above can race with another create; the unique index cannot (the store reports it as a conflict).
      if ((isUniqueViolation(err) || err instanceof VersionConflictError) && (await this.findByName(input)) !== null) throw alreadyExists(input.table_name);
      throw err;
    }
    return (await this.find(id))!;
  }

  /** The dataset of that name in the database's catalog and schema, created when there is none. */
  async getOrCreate(input: NewDataset, user: CurrentUser): Promise<number> {
    await this.checkDatabase(input.database_id, user);
    const existing = await this.findByName(input);
    if (existing !== null) return existing;
    return (await this.create(input, user)).id;
  }

  /** Null when it does not exist or the user may not see it (its database's data, or being an owner). */
  async get(id: number, user: CurrentUser): Promise<DatasetJson | null> {
    const found = await this.find(id);
    if (!found) return null;
    const database = await this.databases.find(found.database.id);
    const allowed =
      isAdmin(user) ||
      hasPermission(user, Permission.ALL_DATASOURCE_ACCESS, PermissionView.ALL_DATASOURCE_ACCESS) ||
      found.owners.some((o) => o.id === user.id) ||
      (database !== null && (await this.databases.canQuery(user, database)));
    return allowed ? found : null;
  }

  private async inferColumns(input: NewDataset): Promise<DatasetColumn[]> {
    if (input.sql) return this.inference.ofQuery(input.database_id, input.sql, input.template_params, input.schema);
    if (!input.schema) throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, 'A dataset on a table needs its schema.');
    return this.inference.ofTable(input.database_id, input.schema, input.table_name);
  }

  private async checkDatabase(id: number, user: CurrentUser): Promise<void> {
    const database = await this.databases.find(id);
    if (!database) throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, `There is no database with id ${id}.`);
    if (!(await this.databases.canQuery(user, database))) {
      throw new StrataHttpException(403, ErrorType.DATABASE_SECURITY_ACCESS_ERROR, `You need access to the database ${database.database_name}.`);
    }
  }

  private async findByName(input: Pick<NewDataset, 'database_id' | 'catalog' | 'schema' | 'table_name'>): Promise<number | null> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM datasets WHERE database_id = $1 AND coalesce(catalog, '') = $2 AND coalesce(schema, '') = $3 AND table_name = $4`,
      [input.database_id, input.catalog ?? '', input.schema ?? '', input.table_name],
    )) as { id: number }[];
    return rows[0]?.id ?? null;
  }

  private async find(id: number): Promise<DatasetJson | null> {
    const rows = (await this.dataSource.query(`${DATASET_SELECT} WHERE ds.id = $1`, [id])) as DatasetRow[];
    return rows[0] ? datasetJson(rows[0]) : null;
  }
}
