/** Async events for every module (global): AsyncEventsService.publish(userId, event). */
import { Global, Module } from '@nestjs/common';
import { AsyncEventsController } from './async-events.controller';
import { AsyncEventsService } from './async-events.service';

@Global()
@Module({ controllers: [AsyncEventsController], providers: [AsyncEventsService], exports: [AsyncEventsService] })
export class AsyncEventsModule {}
