/** The results backend (Postgres table by default, Redis with REDIS_URL) and `GET /api/v1/sqllab/results/`. */
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { QueriesModule } from '../queries/queries.module';
import { PostgresResultsBackend, RedisResultsBackend, ResultsBackend } from './results-backend';
import { ResultsController } from './results.controller';
import { ResultsStore } from './results-store';

@Module({
  imports: [QueriesModule],
  controllers: [ResultsController],
  providers: [
    {
      provide: ResultsBackend,
      inject: [AppConfig, DataSource],
      useFactory: (config: AppConfig, dataSource: DataSource): ResultsBackend =>
        config.redisUrl ? new RedisResultsBackend(config.redisUrl) : new PostgresResultsBackend(dataSource),
    },
    ResultsStore,
  ],
  exports: [ResultsBackend, ResultsStore],
})
export class ResultsModule implements OnApplicationShutdown {
  constructor(
    @Inject(ResultsBackend) private readonly backend: ResultsBackend,
    private readonly store: ResultsStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    // Writes still in flight first: a result the client was already told about must land.
    await this.store.flush();
    await this.backend.close();
  }
}
