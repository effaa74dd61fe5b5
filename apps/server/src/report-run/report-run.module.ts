import { Module } from '@nestjs/common';
import { ReportRunService } from './report-run.service';

/** The report executor (CONTEXT.md): ReportRunService for the scheduler and the run route. */
@Module({
  providers: [ReportRunService],
  exports: [ReportRunService],
})
export class ReportRunModule {}
