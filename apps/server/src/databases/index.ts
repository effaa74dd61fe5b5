/** What other modules use from databases. */
export { DatabasesModule } from './databases.module';
export { DatabasesService, type DatabaseInput } from './databases.service';
export { DatabaseAccess } from './database-access';
export { EngineRegistry } from './engine-registry';
export { MetadataCache } from './metadata-cache';
export type { DatabaseRow } from './database-row';
export type { DatabaseSettings } from '@strata/domain';
