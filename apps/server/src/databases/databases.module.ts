/**
 * Database connections (issue item 1): CRUD and grants as events on `database:<id>` projected into
 * `databases` / `database_access`, encrypted passwords, the engines per database (EngineRegistry), who
 * may read which database (DatabaseAccess), and the metadata endpoints. Other features import this
 * module for EngineRegistry, DatabaseAccess and DatabasesService.
 */
import { Module, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '../event-store/event-store.port';
import { mapDomainErrorCode } from '../common/to-error-response';
import { DatabaseAccess } from './database-access';
import { DatabaseMetadataController } from './database-metadata.controller';
import { DatabasesController } from './databases.controller';
import { databasesProjection } from './databases.projection';
import { DatabasesService } from './databases.service';
import { DecideDatabaseHandler } from './decide-database';
import { EngineRegistry } from './engine-registry';
import { MetadataCache } from './metadata-cache';

@Module({
  controllers: [DatabasesController, DatabaseMetadataController],
  providers: [DatabasesService, DatabaseAccess, EngineRegistry, MetadataCache, DecideDatabaseHandler],
  exports: [DatabasesService, DatabaseAccess, EngineRegistry, MetadataCache],
})
export class DatabasesModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.registerProjection(databasesProjection());
    mapDomainErrorCode('database_not_found', 404, 'DATABASE_NOT_FOUND_ERROR');
  }
}
