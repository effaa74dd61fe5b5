import { Module } from '@nestjs/common';
import { DatabasesModule } from '../databases/databases.module';
import { ExamplesController } from './examples.controller';
import { ExamplesService } from './examples.service';

/** Example data: loading into the examples database, its registration as `examples`, and its status. */
@Module({
  // The examples database is registered through the databases command path (events, encrypted password).
  imports: [DatabasesModule],
  controllers: [ExamplesController],
  providers: [ExamplesService],
  exports: [ExamplesService],
})
export class ExamplesModule {}
