/**
 * User-log ingestion (`POST /strata/log/`). Needs AuthModule (global) and the DecisionRunner (EventStoreModule). Call
 * `installUserLogBodyParser(app)` before the app's body parsers (main.ts) so beacon bodies sent as
 * application/x-www-form-urlencoded are read as the JSON they are (see userlog-body.ts).
 */
import { Module } from '@nestjs/common';
import { LogUserEventsHandler } from './log-user-events';
import { UserLogController } from './userlog.controller';

@Module({ controllers: [UserLogController], providers: [LogUserEventsHandler] })
export class UserLogModule {}
