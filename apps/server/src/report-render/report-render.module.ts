/**
 * The report renderer (report-render/CONTEXT.md): ReportRenderer for the report executor. Needs the
 * global AuthModule (ApiTokens) and ConfigModule (AppConfig).
 */
import { Module } from '@nestjs/common';
import { DEFAULT_RENDER_LIMITS, RENDER_LIMITS, ReportRenderer } from './report-renderer.service';

@Module({
  providers: [ReportRenderer, { provide: RENDER_LIMITS, useValue: DEFAULT_RENDER_LIMITS }],
  exports: [ReportRenderer],
})
export class ReportRenderModule {}
