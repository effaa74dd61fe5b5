/**
 * The report renderer (report-render/CONTEXT.md): ReportRenderer for the report executor. Needs the
 * global AuthModule (ApiTokens) and ConfigModule (AppConfig).
 */
import { Module } from '@nestjs/common';
import { ReportRenderer } from './report-renderer.service';

@Module({ providers: [ReportRenderer], exports: [ReportRenderer] })
export class ReportRenderModule {}
