import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { RecentActivityController } from './recent-activity.controller';

/** A user's recent views, edits and creations for the home page, read from the log (CONTEXT.md). */
@Module({
  imports: [AuditModule],
  controllers: [RecentActivityController],
})
export class RecentActivityModule {}
