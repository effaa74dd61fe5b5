/**
 * Creating datasets from SQL Lab (a query or a table) and reading them back. Create: check the database
 * and the user's access to it, infer columns unless given, decide, append on `dataset:<id>`; the
 * `datasets` read model is projected in the append's transaction.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ErrorType,
  hasPermission,
  isAdmin,
  patchColumns,
  Permission,
  PermissionView,
  type DatasetColumn,
  type DatasetCommand,
  type DatasetEdit,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { VersionConflictError } from '../event-store/event-store.port';
import type { DecisionMeta } from '../event-store/load-decide-append';
import { SqlLabDatabases } from '../sqllab/execute/sqllab-databases';
import { validateFragment, UnsafeSqlError } from '../chart-data/sql/adhoc-sql';
import { ColumnInference } from './column-inference';
import { checkOwners } from './owners';
import { DecideDataset } from './decide-dataset';
import { datasetJson, DATASET_SELECT, type DatasetJson, type DatasetRow } from './dataset-json';
import { guardedVirtualSql } from './virtual-sql';

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
    private readonly databases: SqlLabDatabases,
    private readonly inference: ColumnInference,
    private readonly commands: CommandBus,
  ) {}

  async create(input: NewDataset, user: CurrentUser): Promise<DatasetJson> {
    await this.checkDatabase(input.database_id, user);
    return this.createChecked(input, user);
  }

  /**
   * A physical dataset registered by the server itself (the example tables), owned by nobody; null when
   * one of that name exists already.
   */
  async registerTable(databaseId: number, schema: string, table: string): Promise<number | null> {
    const input: NewDataset = {
      database_id: databaseId,
      catalog: null,
      schema,
      sql: null,
      table_name: table,
      template_params: null,
      columns: null,
      is_managed_externally: false,
      external_url: null,
      description: null,
    };
    if ((await this.findByName(input)) !== null) return null;
    try {
      return (await this.createChecked(input, null)).id;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'dataset_exists') return null;
      throw err;
    }
  }

  private async createChecked(input: NewDataset, user: CurrentUser | null): Promise<DatasetJson> {
    if ((await this.findByName(input)) !== null) throw alreadyExists(input.table_name);
    // Checked even when the columns are given: the query runs in every chart of the dataset.
    const statement = input.sql ? await this.guard(input.database_id, input.sql, input.template_params) : null;
    if (input.columns) await this.checkFragments(input.database_id, input.columns, []);
    const columns = input.columns ?? (await this.inferColumns(input, statement));
    const [{ id }] = (await this.dataSource.query(`SELECT nextval('datasets_id_seq')::int AS id`)) as { id: number }[];
    const { columns: _given, ...fields } = input;
    const command: DatasetCommand = {
      type: 'CreateDataset',
      data: { ...fields, id, kind: input.sql ? 'virtual' : 'physical', columns, owner_id: user?.id ?? null },
    };
    const meta: DecisionMeta = user
      ? { actor: String(user.id), sessionId: user.sessionId }
      : { actor: 'system', undoable: false };
    try {
      await this.commands.execute(new DecideDataset(id, command, { ...meta, expectedVersion: 0 }));
    } catch (err) {
      // The check above can race with another create; the unique index cannot (the store reports it as a conflict).
      if ((isUniqueViolation(err) || err instanceof VersionConflictError) && (await this.findByName(input)) !== null)
        throw alreadyExists(input.table_name);
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
    if (
      isAdmin(user) ||
      hasPermission(user, Permission.ALL_DATASOURCE_ACCESS, PermissionView.ALL_DATASOURCE_ACCESS) ||
      found.owners.some((o) => o.id === user.id)
    )
      return found;
    // Only then the database's grants: every chart data request reads its dataset through here.
    const database = await this.databases.find(found.database.id);
    return database !== null && (await this.databases.canQuery(user, database)) ? found : null;
  }

  /**
   * PUT: owners and admins only; SQL fragments (calculated columns, metrics) must be safe expressions, and
   * a new query or new template parameters must give a query the SQL guard allows and the database runs.
   */
  async update(id: number, changes: DatasetEdit, user: CurrentUser): Promise<DatasetJson> {
    const found = await this.editable(id, user);
    await checkOwners(this.dataSource, changes.owners);
    if (changes.sql !== undefined || changes.template_params !== undefined) {
      const sql = changes.sql !== undefined ? changes.sql : found.sql;
      if (sql?.trim()) {
        const statement = await this.guard(
          found.database.id,
          sql,
          changes.template_params !== undefined ? changes.template_params : found.template_params,
        );
        // The editor's "a query that fails is refused": the new query runs once (LIMIT 1, read-only, rolled
        // back) so a missing table or column is a 422 with the database's message, not a broken dataset.
        await this.inference.ofQuery(found.database.id, statement, changes.schema ?? found.schema);
      }
    }
    // The columns as they will be, to check their SQL; the decision patches them against the stream itself.
    const columns = changes.columns ? patchColumns(changes.columns, found.columns) : undefined;
    if (columns || changes.metrics) await this.checkFragments(found.database.id, columns ?? [], changes.metrics ?? []);
    if (changes.table_name !== undefined || changes.schema !== undefined) {
      const other = await this.findByName({
        database_id: found.database.id,
        catalog: found.catalog,
        schema: changes.schema !== undefined ? changes.schema : found.schema,
        table_name: changes.table_name ?? found.table_name,
      });
      if (other !== null && other !== id) throw alreadyExists(changes.table_name ?? found.table_name);
    }
    await this.decide(id, { type: 'UpdateDataset', data: changes }, user);
    return (await this.find(id))!;
  }

  /** PUT /refresh: re-reads the columns of the table (or runs the query) and merges them in. */
  async refreshColumns(id: number, user: CurrentUser): Promise<DatasetJson> {
    const found = await this.editable(id, user);
    const fetched = found.sql
      ? await this.inference.ofQuery(
          found.database.id,
          await this.guard(found.database.id, found.sql, found.template_params),
          found.schema,
        )
      : await this.inference.ofTable(found.database.id, found.schema ?? 'public', found.table_name);
    await this.decide(id, { type: 'SyncDatasetColumns', data: { fetched } }, user);
    return (await this.find(id))!;
  }

  async delete(id: number, user: CurrentUser): Promise<void> {
    await this.editable(id, user);
    // A chart must not lose its data source under it: delete or move the charts first (Superset's rule).
    const [{ n }] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM charts WHERE datasource_id = $1 AND datasource_type IN ('table', 'dataset', 'sl_table')`,
      [id],
    )) as { n: number }[];
    if (n > 0)
      throw new StrataHttpException(
        422,
        ErrorType.GENERIC_COMMAND_ERROR,
        `This dataset is used by ${n} chart${n === 1 ? '' : 's'}; delete them first.`,
      );
    await this.decide(id, { type: 'DeleteDataset', data: {} }, user);
  }

  /** The dataset as stored, without a permission check: for server-side readers that checked already. */
  findById(id: number): Promise<DatasetJson | null> {
    return this.find(id);
  }

  private async editable(id: number, user: CurrentUser): Promise<DatasetJson> {
    const found = await this.get(id, user);
    if (!found) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Dataset not found.');
    if (!isAdmin(user) && !found.owners.some((o) => o.id === user.id)) {
      throw new StrataHttpException(403, ErrorType.MISSING_OWNERSHIP_ERROR, 'Changing this Dataset is forbidden');
    }
    return found;
  }

  private async decide(id: number, command: DatasetCommand, user: CurrentUser): Promise<void> {
    await this.commands.execute(new DecideDataset(id, command, { actor: String(user.id), sessionId: user.sessionId }));
  }

  /** Calculated columns and metrics are pasted into chart SQL: each must be a safe expression (400 otherwise). */
  private async checkFragments(
    databaseId: number,
    columns: readonly DatasetColumn[],
    metrics: readonly { expression: string }[],
  ): Promise<void> {
    const { backend } = await this.databases.engine(databaseId);
    try {
      for (const c of columns) if (c.expression?.trim()) validateFragment(c.expression, backend, 'expression');
      for (const m of metrics) validateFragment(m.expression, backend, 'expression');
    } catch (err) {
      if (err instanceof UnsafeSqlError) throw new StrataHttpException(400, err.errorType, err.message);
      throw err;
    }
  }

  /** The virtual dataset's query as it will run on that database, or the SQL guard's 400. */
  private async guard(databaseId: number, sql: string, templateParams: string | null): Promise<string> {
    return guardedVirtualSql(sql, templateParams, (await this.databases.engine(databaseId)).backend);
  }

  private async inferColumns(input: NewDataset, statement: string | null): Promise<DatasetColumn[]> {
    if (statement !== null) return this.inference.ofQuery(input.database_id, statement, input.schema);
    if (!input.schema)
      throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, 'A dataset on a table needs its schema.');
    return this.inference.ofTable(input.database_id, input.schema, input.table_name);
  }

  private async checkDatabase(id: number, user: CurrentUser): Promise<void> {
    const database = await this.databases.find(id);
    if (!database)
      throw new StrataHttpException(422, ErrorType.GENERIC_COMMAND_ERROR, `There is no database with id ${id}.`);
    if (!(await this.databases.canQuery(user, database))) {
      throw new StrataHttpException(
        403,
        ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
        `You need access to the database ${database.database_name}.`,
      );
    }
  }

  private async findByName(
    input: Pick<NewDataset, 'database_id' | 'catalog' | 'schema' | 'table_name'>,
  ): Promise<number | null> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM datasets WHERE database_id = $1 AND coalesce(catalog, '') = $2 AND coalesce(schema, '') = $3 AND table_name = $4`,
      [input.database_id, input.catalog ?? '', input.schema ?? '', input.table_name],
    )) as { id: number }[];
    return rows[0]?.id ?? null;
  }

  /** The dataset without any access check: callers that grant access another way (a dashboard's charts). */
  async find(id: number): Promise<DatasetJson | null> {
    const rows = (await this.dataSource.query(`${DATASET_SELECT} WHERE ds.id = $1`, [id])) as DatasetRow[];
    return rows[0] ? datasetJson(rows[0]) : null;
  }
}
