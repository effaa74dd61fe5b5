/** The JobQueue for every module: BullMQ when REDIS_URL is set, else in-process. */
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { BullMqJobQueue } from './bullmq-queue';
import { InProcessJobQueue } from './in-process-queue';
import { JobQueue } from './job-queue';

@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [AppConfig],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl ? new BullMqJobQueue(config.redisUrl) : new InProcessJobQueue(),
    },
  ],
  exports: [JobQueue],
})
export class JobsModule implements OnApplicationShutdown {
  constructor(@Inject(JobQueue) private readonly queue: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
