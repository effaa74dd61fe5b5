/** File uploads into a database (issue 15 item 3): the upload endpoint, its streaming readers, the load. */
import { Module } from '@nestjs/common';
import { DatabasesModule } from '../databases/databases.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { UploadController } from './upload.controller';
import { UploadService } from './upload.service';

@Module({
  imports: [DatabasesModule, DatasetsModule],
  controllers: [UploadController],
  providers: [UploadService],
})
export class UploadModule {}
