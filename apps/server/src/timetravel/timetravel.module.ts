import { Module } from '@nestjs/common';
import { ObjectHistoryModule } from '../object-history/object-history.module';
import { ObjectStreamRules } from './object-stream-rules';
import { StreamEventsController } from './stream-events.controller';

/**
 * Reads for the client's time-travel panel: a stream's events for a bug report. Needs the global
 * EventStoreModule and RealtimeModule (StreamAccessPolicy, where each context registers who may read);
 * chart and dataset streams get their plain GET's rule here (object-stream-rules.ts).
 */
@Module({ imports: [ObjectHistoryModule], controllers: [StreamEventsController], providers: [ObjectStreamRules] })
export class TimeTravelModule {}
