export { JobQueue, type JobHandler, type JobInfo } from './job-queue';
export { JobsModule } from './jobs.module';
