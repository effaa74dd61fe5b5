import { Module } from '@nestjs/common';
import { RequestedQueryController } from './requested-query.controller';

/** `POST /sqllab/`: SQL Lab opened in a new browser tab with a chart's query. */
@Module({ controllers: [RequestedQueryController] })
export class SqlLabRequestedQueryModule {}
