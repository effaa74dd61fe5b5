import { Module, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '../../event-store/event-store.port';
import { CreateSqlLabPermalinkHandler } from './create-permalink';
import { PermalinkController } from './permalink.controller';
import { foldProjection } from '../../projections/fold-projection';
import { sqlLabPermalinkFold } from './permalink.projection';

/** SQL Lab permalinks: events on `sqllab_permalink:<key>`, read model rows in `key_value`. */
@Module({ controllers: [PermalinkController], providers: [CreateSqlLabPermalinkHandler] })
export class SqlLabPermalinkModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.registerProjection(foldProjection(sqlLabPermalinkFold));
  }
}
