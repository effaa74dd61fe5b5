import { Module, type DynamicModule } from '@nestjs/common';
import { SqlLabRestDatabasesModule } from '../bootstrap/sqllab-databases.module';
import { EstimateController } from './estimate.controller';
import { DEFAULT_ESTIMATE_TIMEOUT_MS, ESTIMATE_TIMEOUT_MS, EstimateService } from './estimate.service';

/** Query cost estimates: `POST /api/v1/sqllab/estimate/`. */
@Module({
  imports: [SqlLabRestDatabasesModule],
  controllers: [EstimateController],
  providers: [EstimateService, { provide: ESTIMATE_TIMEOUT_MS, useValue: DEFAULT_ESTIMATE_TIMEOUT_MS }],
})
export class EstimateModule {
  /** The same module with another timeout (tests). */
  static withTimeout(ms: number): DynamicModule {
    return { module: EstimateModule, providers: [{ provide: ESTIMATE_TIMEOUT_MS, useValue: ms }] };
  }
}
