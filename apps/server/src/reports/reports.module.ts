import { Module, type OnModuleInit } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { ChartsModule } from '../charts/charts.module';
import { mapDomainErrorCode } from '../common/to-error-response';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { DatabasesModule } from '../databases/databases.module';
import { EventStore } from '../event-store/event-store.port';
import { DecideReportHandler } from './decide-report';
import { ReportList } from './report-list';
import { ReportLog } from './report-log';
import { reportProjection } from './report.projection';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/** Report and alert schedules as event streams (`report:<id>`), read models `report_schedule` and `report_execution_log`. */
@Module({
  imports: [ChartsModule, DashboardsModule, DatabasesModule],
  controllers: [ReportsController],
  providers: [ReportsService, ReportList, ReportLog, DecideReportHandler],
  exports: [ReportsService],
})
export class ReportsModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.registerProjection(reportProjection);
    mapDomainErrorCode('report_not_found', 404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR);
  }
}
