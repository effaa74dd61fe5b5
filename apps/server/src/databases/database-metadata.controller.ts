/**
 * What SQL Lab's left bar and autocomplete read: schemas, tables and table metadata of a database the
 * user may access, cached per database (MetadataCache); `force` asks the database again.
 */
import { Controller, Get, Param } from '@nestjs/common';
import { Permission, PermissionView as View } from '@strata/domain';
import type { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { ZodQuery } from '../common/zod-validation.pipe';
import { parseConnectionUri } from '../engines/connection-uri';
import type { QueryEngine } from '../engines/query-engine';
import { DatabaseAccess } from './database-access';
import type { DatabaseRow } from './database-row';
import { engineHttpError } from './databases.controller';
import { schemasQuerySchema, tableMetadataQuerySchema, tablesQuerySchema } from './databases.schemas';
import { DatabasesService } from './databases.service';
import { EngineRegistry } from './engine-registry';
import { MetadataCache } from './metadata-cache';
import { databaseIdOf, readableDatabase } from './readable-database';
import { RisonQuery } from '../common/rison';

/** A table_metadata request without schema means the database's default one. */
function defaultSchema(row: DatabaseRow): string {
  const spec = parseConnectionUri(row.uri);
  return spec.backend === 'postgresql' ? 'public' : spec.database;
}

@Controller('api/v1/database')
export class DatabaseMetadataController {
  constructor(
    private readonly databases: DatabasesService,
    private readonly access: DatabaseAccess,
    private readonly registry: EngineRegistry,
    private readonly cache: MetadataCache,
  ) {}

  @Get(':id/schemas')
  @RequirePermission(Permission.READ, View.DATABASE)
  async schemas(
    @Param('id') param: string,
    @RisonQuery(schemasQuerySchema) q: z.output<typeof schemasQuerySchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const row = await readableDatabase(this.databases, this.access, databaseIdOf(param), user);
    const result = await this.ask(row, 'schemas', q.force, (engine) => engine.listSchemas());
    return { result };
  }

  @Get(':id/tables')
  @RequirePermission(Permission.READ, View.DATABASE)
  async tables(
    @Param('id') param: string,
    @RisonQuery(tablesQuerySchema) q: z.output<typeof tablesQuerySchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const row = await readableDatabase(this.databases, this.access, databaseIdOf(param), user);
    const tables = await this.ask(row, `tables|${q.schema_name}`, q.force, (engine) =>
      engine.listTables(q.schema_name),
    );
    return { count: tables.length, result: tables.map((t) => ({ value: t.name, type: t.type, extra: null })) };
  }

  @Get(':id/table_metadata')
  @RequirePermission(Permission.READ, View.DATABASE)
  async tableMetadata(
    @Param('id') param: string,
    @ZodQuery(tableMetadataQuerySchema) q: z.output<typeof tableMetadataQuerySchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const row = await readableDatabase(this.databases, this.access, databaseIdOf(param), user);
    const schema = q.schema ?? defaultSchema(row);
    return this.ask(row, `table|${schema}|${q.name}`, q.force === 'true', (engine) =>
      engine.tableMetadata(schema, q.name),
    );
  }

  /** Engine-specific extras (partitions, clustering...): PostgreSQL and MySQL have none to show. */
  @Get(':id/table_metadata/extra')
  @RequirePermission(Permission.READ, View.DATABASE)
  async tableMetadataExtra(
    @Param('id') param: string,
    @ZodQuery(tableMetadataQuerySchema) q: z.output<typeof tableMetadataQuerySchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const row = await readableDatabase(this.databases, this.access, databaseIdOf(param), user);
    const schema = q.schema ?? defaultSchema(row);
    // The table must exist: an extra for a table that is not there would mislead.
    await this.ask(row, `table|${schema}|${q.name}`, false, (engine) => engine.tableMetadata(schema, q.name));
    return {};
  }

  private async ask<T>(
    row: DatabaseRow,
    what: string,
    force: boolean,
    fn: (engine: QueryEngine) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.cache.get(row, what, force, async () => fn(await this.registry.forDatabase(row.id)));
    } catch (err) {
      throw engineHttpError(err);
    }
  }
}
