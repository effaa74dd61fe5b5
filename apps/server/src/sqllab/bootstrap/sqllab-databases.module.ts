/**
 * One shared SqlLabDatabases (EXECUTE's port onto the databases table and their engines) for the
 * REST features that need a database's engine or access rule: estimate, datasets, bootstrap. Access is
 * always asked through canQuery / DatabaseAccess (permission pairs and role grants), the rule execute
 * uses; DatabasesModule is re-exported for bootstrap, which lists with DatabaseAccess.accessibleIds. A module
 * class is a singleton in Nest, so every importer shares one engine cache (one pool per database).
 * WHEN TO REMOVE: when EXECUTE's or ENGINES' module exports the port (or EngineRegistry), import that.
 */
import { Module } from '@nestjs/common';
import { DatabasesModule } from '../../databases/databases.module';
import { RegistrySqlLabDatabases, SqlLabDatabases } from '../execute/sqllab-databases';

@Module({
  // EXECUTE: the port now delegates to ENGINES' EngineRegistry and DatabaseAccess.
  imports: [DatabasesModule],
  providers: [{ provide: SqlLabDatabases, useClass: RegistrySqlLabDatabases }],
  exports: [SqlLabDatabases, DatabasesModule],
})
export class SqlLabRestDatabasesModule {}
