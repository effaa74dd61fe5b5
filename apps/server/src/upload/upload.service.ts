/**
 * Loads a file's rows into a table of a database that allows uploads (issue 15 item 3), in one
 * transaction of batched, parameterised INSERTs (the same path on PostgreSQL, the embedded PGlite and
 * MariaDB), then records the intent `database/fileUploaded` and makes the table a dataset through the
 * datasets' own command.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { uploadColumnNames } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { DatabasesService } from '../databases/databases.service';
import { DecideDatabase } from '../databases/decide-database';
import { EngineRegistry } from '../databases/engine-registry';
import { MetadataCache } from '../databases/metadata-cache';
import { DatasetsService } from '../datasets/datasets.service';
import type { EngineSession, QueryEngine } from '../engines/query-engine';
import { cellValue, sqlType, type UploadType } from './column-types';
import { fieldError, type UploadRequest } from './upload-request';

export interface UploadResult {
  database_id: number;
  schema: string | null;
  table_name: string;
  rows: number;
  dataset_id: number;
}

/** PostgreSQL binds at most 65535 parameters a statement; rows a batch stay well under it. */
const MAX_PARAMS = 30000;

@Injectable()
export class UploadService {
  constructor(
    private readonly databases: DatabasesService,
    private readonly registry: EngineRegistry,
    private readonly datasets: DatasetsService,
    private readonly commands: CommandBus,
    private readonly cache: MetadataCache,
  ) {}

  /** The checks made before reading the file: the database allows uploads into that schema. */
  async target(databaseId: number, schema: string | null): Promise<{ engine: QueryEngine; schema: string }> {
    const row = await this.databases.find(databaseId);
    if (!row) throw new StrataHttpException(404, 'DATABASE_NOT_FOUND_ERROR', 'Database not found.');
    if (!row.allow_file_upload)
      throw new StrataHttpException(
        403,
        'DATABASE_SECURITY_ACCESS_ERROR',
        'This database does not allow file uploads.',
      );
    const engine = await this.registry.forDatabase(databaseId);
    const target = schema ?? (engine.backend === 'postgresql' ? 'public' : null);
    const allowed = allowedSchemas(row.extra);
    if (allowed.length > 0 && (target === null || !allowed.includes(target)))
      throw new StrataHttpException(
        403,
        'DATABASE_SECURITY_ACCESS_ERROR',
        `Uploads into schema ${target ?? '(default)'} are not allowed; allowed: ${allowed.join(', ')}.`,
        { field: 'schema' },
      );
    if (target === null) throw fieldError('schema', 'Choose a schema (database) for the table.');
    if (!(await engine.listSchemas()).includes(target)) throw fieldError('schema', `No schema ${target}.`, 422);
    return { engine, schema: target };
  }

  async load(
    databaseId: number,
    request: UploadRequest,
    rows: AsyncIterable<string[]>,
    user: CurrentUser,
  ): Promise<UploadResult> {
    const { engine, schema } = await this.target(databaseId, request.schema);
    const existing = (await engine.listTables(schema)).some((t) => t.name === request.table_name);
    if (existing && request.already_exists === 'fail')
      throw fieldError('already_exists', `Table ${schema}.${request.table_name} already exists.`, 422);
    const session = await engine.openSession();
    let count: number;
    try {
      await session.begin({ readOnly: false, schema });
      count = await this.insertAll(engine, session, schema, request, existing, rows);
      await session.commit();
    } catch (err) {
      await session.rollback().catch(() => undefined);
      throw err;
    } finally {
      await session.release();
    }
    this.cache.forget(databaseId); // SQL Lab's table list shows the new table at once
    await this.commands.execute(
      new DecideDatabase(
        databaseId,
        {
          type: 'RecordFileUpload',
          data: {
            id: databaseId,
            schema,
            table: request.table_name,
            rows: count,
            mode: request.already_exists,
            file_type: request.type,
          },
        },
        { actor: String(user.id), undoable: false },
      ),
    );
    const datasetId = await this.datasets.getOrCreate(
      {
        database_id: databaseId,
        catalog: null,
        schema,
        sql: null,
        table_name: request.table_name,
        template_params: null,
        columns: null,
        is_managed_externally: false,
        external_url: null,
        description: null,
      },
      user,
    );
    // A replaced table may have other columns than the dataset knew: sync them (owners only; else kept).
    if (existing && request.already_exists === 'replace')
      await this.datasets.refreshColumns(datasetId, user).catch(() => undefined);
    return { database_id: databaseId, schema, table_name: request.table_name, rows: count, dataset_id: datasetId };
  }

  private async insertAll(
    engine: QueryEngine,
    session: EngineSession,
    schema: string,
    request: UploadRequest,
    existing: boolean,
    rows: AsyncIterable<string[]>,
  ): Promise<number> {
    const q = (n: string) => engine.quoteIdentifier(n);
    const table = `${q(schema)}.${q(request.table_name)}`;
    let columns: { name: string; type: UploadType }[] | null = null;
    let batch: unknown[][] = [];
    let batchRows = 1;
    let count = 0;
    let index = -1;
    const flush = async () => {
      if (!columns || batch.length === 0) return;
      const width = columns.length;
      let n = 0;
      const values = batch
        .map(
          () =>
            `(${columns!
              .map(() => (engine.backend === 'mysql' ? '?' : `$${++n}`))
              .slice(0, width)
              .join(', ')})`,
        )
        .join(', ');
      await session.execute(`INSERT INTO ${table} (${columns.map((c) => q(c.name)).join(', ')}) VALUES ${values}`, {
        params: batch.flat(),
      });
      count += batch.length;
      batch = [];
    };
    for await (const row of rows) {
      index++;
      if (columns === null) {
        if (request.header_row !== null && index < request.header_row) continue;
        columns = columnsOf(request, request.header_row === null ? row.map((_, i) => `column_${i + 1}`) : row);
        batchRows = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns.length)));
        await this.prepareTable(session, engine, table, columns, request, existing);
        if (request.header_row !== null) continue;
      }
      if (row.length !== columns.length)
        throw fieldError(
          'delimiter',
          `Row ${index + 1} has ${row.length} fields where the header has ${columns.length}: is the delimiter right?`,
        );
      batch.push(
        row.map((text, i) => {
          const value = cellValue(text, columns![i].type);
          if (value === undefined)
            throw fieldError(
              'column_types',
              `Row ${index + 1}, column ${columns![i].name}: ${JSON.stringify(text)} is not a ${columns![i].type}.`,
            );
          return value;
        }),
      );
      if (batch.length >= batchRows) await flush();
    }
    if (columns === null) throw fieldError('file', 'The file has no rows.');
    await flush();
    return count;
  }

  private async prepareTable(
    session: EngineSession,
    engine: QueryEngine,
    table: string,
    columns: { name: string; type: UploadType }[],
    request: UploadRequest,
    existing: boolean,
  ): Promise<void> {
    if (existing && request.already_exists === 'append') return;
    if (existing) await session.execute(`DROP TABLE ${table}`);
    const defs = columns.map((c) => `${engine.quoteIdentifier(c.name)} ${sqlType(c.type, engine.backend)}`);
    await session.execute(`CREATE TABLE ${table} (${defs.join(', ')})`);
  }
}

function columnsOf(request: UploadRequest, header: string[]): { name: string; type: UploadType }[] {
  // The names the form proposed (libs/domain upload-columns: blank and repeated ones renamed alike).
  const names = uploadColumnNames(header);
  const seen = new Set(names);
  const columns = names.map((name) => ({ name, type: request.column_types[name] ?? ('text' as UploadType) }));
  for (const name of Object.keys(request.column_types))
    if (!seen.has(name))
      throw fieldError('column_types', `column_types names ${name}, which is not a column of the file.`);
  return columns;
}

function allowedSchemas(extra: unknown): string[] {
  let value = extra;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const list = (value as { schemas_allowed_for_file_upload?: unknown } | null)?.schemas_allowed_for_file_upload;
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
}
