import { DynamicModule, Module } from '@nestjs/common';
import { ReportRunModule } from '../report-run/report-run.module';
import { ReportsModule } from '../reports/reports.module';
import { ReportScheduler } from './report-scheduler.service';
import { ScheduleClock } from './schedule-clock';
import { ScheduleLock } from './schedule-lock';
import {
  DEFAULT_REPORT_SCHEDULER_SETTINGS,
  REPORT_SCHEDULER_SETTINGS,
  type ReportSchedulerSettings,
} from './scheduler-settings';

/** Runs report and alert schedules on their cron (CONTEXT.md); `forRoot` lets tests set the clock and tick. */
@Module({})
export class ReportSchedulerModule {
  static forRoot(settings: Partial<ReportSchedulerSettings> = {}): DynamicModule {
    return {
      module: ReportSchedulerModule,
      imports: [ReportsModule, ReportRunModule],
      providers: [
        { provide: REPORT_SCHEDULER_SETTINGS, useValue: { ...DEFAULT_REPORT_SCHEDULER_SETTINGS, ...settings } },
        ScheduleLock,
        ReportScheduler,
        ScheduleClock,
      ],
      exports: [ReportScheduler, ScheduleClock],
    };
  }
}
