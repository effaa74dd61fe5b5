import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';
import { AuditRowCache } from './row-cache';

/** The audit view of the event log: `GET /api/v1/audit/` (CONTEXT.md). */
@Module({
  controllers: [AuditController],
  providers: [AuditService, AuditRowCache],
  exports: [AuditService],
})
export class AuditModule {}
