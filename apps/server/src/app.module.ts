import { PreferencesModule } from './preferences/preferences.module';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AsyncEventsModule } from './async-events/async-events.module';
import { AuthModule } from './auth/auth.module';
import { ConfigModule } from './config/config.module';
import { DatabasesModule } from './databases/databases.module';
import { EventStoreModule } from './event-store/event-store.module';
import { ExamplesModule } from './examples/examples.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { RealtimeModule } from './realtime/realtime.module';
import { ExecuteModule } from './sqllab/execute/execute.module';
import { DatasetsModule } from './datasets/datasets.module';
import { UploadModule } from './upload/upload.module';
import { SqlLabBootstrapModule } from './sqllab/bootstrap/bootstrap.module';
import { EstimateModule } from './sqllab/estimate/estimate.module';
import { SqlFormatModule } from './sqllab/format/format.module';
import { SqlLabPermalinkModule } from './sqllab/permalink/permalink.module';
import { SqlLabRequestedQueryModule } from './sqllab/requested-query/requested-query.module';
import { SavedQueriesModule } from './sqllab/saved-queries/saved-queries.module';
import { TabStateModule } from './sqllab/tab-state/tab-state.module';
import { StorageModule } from './storage/storage.module';
import { UserLogModule } from './userlog/userlog.module';
import { ChartDataModule } from './chart-data/chart-data.module';
import { ChartsModule } from './charts/charts.module';
import { DashboardsModule } from './dashboards/dashboards.module';
import { DashboardDraftsModule } from './dashboard-drafts/dashboard-drafts.module';
import { ExampleDatasetsModule } from './datasets/example-datasets';
import { ExploreModule } from './explore/explore.module';
import { ObjectRevertModule } from './object-revert/object-revert.module';
import { TimeTravelModule } from './timetravel/timetravel.module';
import { ObjectHistoryModule } from './object-history/object-history.module';
import { AuditModule } from './audit/audit.module';
import { RecentActivityModule } from './recent-activity/recent-activity.module';
import { ReportsModule } from './reports/reports.module';
import { MailModule } from './mail/mail.module';
import { ReportRenderModule } from './report-render/report-render.module';
import { ReportRunModule } from './report-run/report-run.module';
import { ReportSchedulerModule } from './report-scheduler/report-scheduler.module';

/**
 * The whole server. Configuration comes from the environment (ConfigModule.forRoot); main.ts validates
 * it first so a bad deployment fails with one clear message. Commands go through the @nestjs/cqrs
 * CommandBus (CqrsModule, once here) to the `@CommandHandler`s each feature module provides.
 */
@Module({
  imports: [
    ConfigModule.forRoot(),
    StorageModule,
    CqrsModule.forRoot(),
    EventStoreModule,
    RealtimeModule,
    AuthModule,
    UserLogModule,
    PreferencesModule,
    ExamplesModule,
    DatabasesModule,
    HealthModule,
    JobsModule,
    AsyncEventsModule,
    ExecuteModule,
    SqlFormatModule,
    EstimateModule,
    SavedQueriesModule,
    TabStateModule,
    SqlLabBootstrapModule,
    SqlLabPermalinkModule,
    SqlLabRequestedQueryModule,
    DatasetsModule,
    UploadModule,
    ChartDataModule,
    DashboardsModule,
    DashboardDraftsModule,
    ChartsModule,
    ExploreModule,
    ObjectRevertModule,
    TimeTravelModule,
    ExampleDatasetsModule,
    ObjectHistoryModule,
    AuditModule,
    RecentActivityModule,
    // Before ReportsModule (which it imports): its /api/v1/report/outbox/ route is registered before the
    // reports' /api/v1/report/:id, which would answer 'outbox' with a 404 (mail/CONTEXT.md "Routes").
    MailModule,
    ReportsModule,
    // The report executor and its run route (POST /api/v1/report/:id/run), after both (report-run/CONTEXT.md).
    ReportRenderModule,
    ReportRunModule,
    // Runs the schedules on their cron, ends stuck runs, prunes the execution log (report-scheduler/CONTEXT.md).
    ReportSchedulerModule.forRoot(),
  ],
})
export class AppModule {}
