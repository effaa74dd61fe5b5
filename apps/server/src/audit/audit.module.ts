import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { AuditTail } from './audit-tail';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';
import { AuditRowCache } from './row-cache';

/** The audit view of the event log: `GET /api/v1/audit/` and its live tail over socket.io (CONTEXT.md). */
@Module({
  imports: [RealtimeModule],
  controllers: [AuditController],
  providers: [AuditService, AuditRowCache, AuditTail],
  exports: [AuditService],
})
export class AuditModule {}
