import { Module } from '@nestjs/common';
import { FormatController } from './format.controller';

/** SQL Lab's Format button: `POST /api/v1/sqllab/format_sql/`. */
@Module({ controllers: [FormatController] })
export class SqlFormatModule {}
