import { Module } from '@nestjs/common';
import { BootstrapController } from './bootstrap.controller';
import { BootstrapService } from './bootstrap.service';
import { SqlLabRestDatabasesModule } from './sqllab-databases.module';

/** `GET /api/v1/sqllab/`. Reads the tab_state (TabStateModule), query and databases read models. */
@Module({ imports: [SqlLabRestDatabasesModule], controllers: [BootstrapController], providers: [BootstrapService] })
export class SqlLabBootstrapModule {}
