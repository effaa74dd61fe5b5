import { Module } from '@nestjs/common';
import { StreamEventsController } from './stream-events.controller';

/**
 * Reads for the client's time-travel panel: a stream's events for a bug report. Needs the global
 * EventStoreModule and RealtimeModule (StreamAccessPolicy, where each context registers who may read).
 */
@Module({ controllers: [StreamEventsController] })
export class TimeTravelModule {}
