/** The Query read model (projection + reads) and the query endpoints, including Stop. */
import { Module, Optional, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '../../event-store/event-store.port';
import { StreamAccessPolicy } from '../../realtime/stream-access.policy';
import { QueriesController } from './queries.controller';
import { canSeeAllQueries, QueriesReader } from './queries.reader';
import { queryProjection } from './query.projection';
import { DecideQueryRunHandler } from './decide-query-run';
import { QueryRuns } from './query-runs';

@Module({
  controllers: [QueriesController],
  providers: [QueriesReader, QueryRuns, DecideQueryRunHandler],
  exports: [QueriesReader, QueryRuns],
})
export class QueriesModule implements OnModuleInit {
  constructor(
    private readonly store: EventStore,
    private readonly reader: QueriesReader,
    @Optional() private readonly access?: StreamAccessPolicy,
  ) {}

  onModuleInit(): void {
    this.store.registerProjection(queryProjection);
    // A client may follow its own runs live over the socket (`query:<client_id>`); all_query_access, any run.
    this.access?.register({
      prefix: 'query',
      canRead: async (user, stream) => {
        if (user.via === 'guest') return false;
        const row = await this.reader.byClientId(stream.slice('query:'.length));
        return !!row && (row.user_id === user.id || canSeeAllQueries(user));
      },
    });
  }
}
