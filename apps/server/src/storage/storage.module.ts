import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { openDataSource } from './data-source';
import { ExamplesDatabase } from './examples-database';
import { StorageRuntime } from './storage-runtime';

const logger = new Logger('Storage');

/** Starts (embedded) or locates (DATABASE_URL) the databases once; both modules below share it. */
@Module({
  providers: [
    {
      provide: StorageRuntime,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => StorageRuntime.start(config, logger),
    },
  ],
  exports: [StorageRuntime],
})
class StorageRuntimeModule {}

/** Closes the pool before the embedded databases stop, whichever shutdown hook Nest runs first. */
@Injectable()
class StorageShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(StorageRuntime) private readonly runtime: StorageRuntime,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.runtime.stop();
  }
}

/**
 * The metadata store as TypeORM's DataSource (inject `DataSource`; migrations run at boot, never
 * synchronize) and the `ExamplesDatabase` (admin and read-only URLs of the example data).
 */
@Global()
@Module({
  imports: [
    StorageRuntimeModule,
    TypeOrmModule.forRootAsync({
      imports: [StorageRuntimeModule],
      inject: [StorageRuntime],
      useFactory: (runtime: StorageRuntime): TypeOrmModuleOptions => ({
        type: 'postgres',
        url: runtime.metadataUrl,
        // A failing migration is a bug to show at once, not a connection problem to retry for 30 s.
        retryAttempts: 0,
      }),
      dataSourceFactory: async (options) => openDataSource((options as { url: string }).url),
    }),
  ],
  providers: [
    { provide: ExamplesDatabase, inject: [StorageRuntime], useFactory: (runtime: StorageRuntime) => runtime.examples },
    StorageShutdown,
  ],
  exports: [TypeOrmModule, ExamplesDatabase, StorageRuntimeModule],
})
export class StorageModule {}
