import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config';
import { loadConfig } from './load-config';

/**
 * Provides AppConfig everywhere. `forRoot()` reads process.env; tests and main.ts pass a config they
 * already validated (main.ts validates before Nest starts, to print a clean message and exit).
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        config
          ? { provide: AppConfig, useValue: config }
          : { provide: AppConfig, useFactory: () => loadConfig(process.env) },
      ],
      exports: [AppConfig],
    };
  }
}
