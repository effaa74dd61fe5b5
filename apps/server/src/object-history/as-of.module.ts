import { Module } from '@nestjs/common';
import { AsOfService } from './as-of.service';

/**
 * `?as_of=` reads (as-of.service.ts), imported by the modules whose GET answers them. Apart from
 * ObjectHistoryModule, which imports those modules for their read rules.
 */
@Module({ providers: [AsOfService], exports: [AsOfService] })
export class AsOfModule {}
