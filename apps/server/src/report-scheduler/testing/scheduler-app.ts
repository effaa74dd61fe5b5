/**
 * A server process's scheduler for the scheduler's specs and child processes: the real modules (event
 * store, auth, reports, the executor, the scheduler) on a given PostgreSQL, without HTTP, so several can
 * share one database like server processes do. Migrations run in the first one started.
 */
import type { INestApplication } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AsyncEventsModule } from '../../async-events/async-events.module';
import { AuthModule } from '../../auth/auth.module';
import { AppConfig } from '../../config/app-config';
import { ConfigModule } from '../../config/config.module';
import { EventStoreModule } from '../../event-store/event-store.module';
import { JobsModule } from '../../jobs/jobs.module';
import { MailConfig } from '../../mail/mail-config';
import { ReportRunConfig } from '../../report-run/run-config';
import { migrations } from '../../storage/migrations';
import { ReportSchedulerModule } from '../report-scheduler.module';
import { ReportScheduler } from '../report-scheduler.service';
import { ScheduleClock } from '../schedule-clock';
import type { ReportSchedulerSettings } from '../scheduler-settings';

export interface SchedulerApp {
  app: INestApplication;
  scheduler: ReportScheduler;
  clock: ScheduleClock;
  close(): Promise<void>;
}

export interface SchedulerAppOptions {
  redisUrl?: string;
  /** Mail through this SMTP port (the test's smtp-server); default: no SMTP, the outbox. */
  smtpPort?: number;
  settings?: Partial<ReportSchedulerSettings>;
}

export async function startSchedulerApp(databaseUrl: string, options: SchedulerAppOptions = {}): Promise<SchedulerApp> {
  const config = new AppConfig(
    0,
    databaseUrl,
    undefined,
    options.redisUrl,
    'integration-test-secret-key-0123456789-abcdefghij',
    mkdtempSync(join(tmpdir(), 'strata-scheduler-')),
    'admin',
    'admin-password-for-tests',
    'test',
  );
  // Transient failures are retried after 20 ms, not seconds.
  let builder = Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      TypeOrmModule.forRoot({ type: 'postgres', url: databaseUrl, migrations, migrationsRun: true, retryAttempts: 0 }),
      CqrsModule.forRoot(),
      EventStoreModule,
      AuthModule,
      JobsModule,
      AsyncEventsModule,
      ReportSchedulerModule.forRoot({ tickMs: 0, ...options.settings }),
    ],
  })
    .overrideProvider(ReportRunConfig)
    .useValue(new ReportRunConfig('http://127.0.0.1:1', [20, 20]));
  if (options.smtpPort !== undefined)
    builder = builder
      .overrideProvider(MailConfig)
      .useValue(
        new MailConfig(
          { host: '127.0.0.1', port: options.smtpPort, starttls: false, ssl: false },
          'Strata <reports@strata.example>',
          '[Report] ',
          { connectionMs: 30_000, greetingMs: 30_000, socketMs: 30_000, webhookMs: 30_000 },
        ),
      );
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication({ logger: ['error'] });
  await app.init();
  return {
    app,
    scheduler: app.get(ReportScheduler),
    clock: app.get(ScheduleClock),
    close: () => app.close(),
  };
}
