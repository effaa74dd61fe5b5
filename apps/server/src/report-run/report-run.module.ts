import { Module } from '@nestjs/common';
import { ChartDataModule } from '../chart-data/chart-data.module';
import { ChartsModule } from '../charts/charts.module';
import { AppConfig } from '../config/app-config';
import { DatabasesModule } from '../databases/databases.module';
import { MailModule } from '../mail/mail.module';
import { ReportRenderModule } from '../report-render/report-render.module';
import { AlertQuery } from './alert-query';
import { ReportContentMaker } from './report-content';
import { ReportDelivery } from './report-delivery';
import { ReportRunController } from './report-run.controller';
import { ReportRunService } from './report-run.service';
import { loadRunConfig, ReportRunConfig } from './run-config';

/**
 * The report executor (CONTEXT.md): ReportRunService for the scheduler and `POST /api/v1/report/{id}/run`.
 * MailModule brings ReportsModule (the schedule's command handler and read model) with it.
 */
@Module({
  imports: [MailModule, ReportRenderModule, ChartDataModule, ChartsModule, DatabasesModule],
  controllers: [ReportRunController],
  providers: [
    {
      provide: ReportRunConfig,
      useFactory: (config: AppConfig) => loadRunConfig(process.env, config.port),
      inject: [AppConfig],
    },
    ReportRunService,
    AlertQuery,
    ReportContentMaker,
    ReportDelivery,
  ],
  exports: [ReportRunService],
})
export class ReportRunModule {}
