/**
 * `POST /api/v1/sqllab/format_sql/` (and the older `/format/` path): the editor's Format button.
 * The dialect comes from `engine`, else from the database's backend, else generic SQL.
 */
import { Controller, HttpCode, Post } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { RequirePermission } from '../../auth/guards/decorators';
import { StrataHttpException } from '../../common/error-body';
import { ZodBody } from '../../common/zod-validation.pipe';
import { backendOfUri, schemeOfUri } from '../../engines/connection-uri';
import { dialectOfEngine, formatSql, KNOWN_ENGINES, SqlFormatError, type FormatDialect } from './sql-format';
import { coercedRecordId } from '../../common/ids';

export const formatSqlBodySchema = z.object({
  sql: z.string().max(1_000_000),
  engine: z.string().max(64).nullish(),
  database_id: coercedRecordId.nullish(),
  // Accepted for compatibility (JSON text or object); templates are kept as written, not rendered.
  template_params: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
});

/** The formatter's dialect for a registered database: its backend (backendOfUri), MariaDB told apart. */
export function dialectOfUri(uri: string): FormatDialect {
  const backend = backendOfUri(uri);
  if (backend === 'mysql' && schemeOfUri(uri).startsWith('mariadb')) return 'mariadb';
  return backend ?? 'sql';
}

@Controller('api/v1/sqllab')
export class FormatController {
  constructor(private readonly dataSource: DataSource) {}

  @Post(['format_sql', 'format'])
  @HttpCode(200)
  @RequirePermission(Permission.FORMAT_SQL, View.SQL_LAB)
  async format(@ZodBody(formatSqlBodySchema) body: z.output<typeof formatSqlBodySchema>): Promise<{ result: string }> {
    const dialect = await this.dialect(body.engine, body.database_id);
    try {
      return { result: formatSql(body.sql, dialect) };
    } catch (error) {
      if (error instanceof SqlFormatError) throw new StrataHttpException(400, ErrorType.SYNTAX_ERROR, error.message);
      throw error;
    }
  }

  private async dialect(
    engine: string | null | undefined,
    databaseId: number | null | undefined,
  ): Promise<FormatDialect> {
    if (engine) {
      const dialect = dialectOfEngine(engine);
      if (!dialect) {
        throw new StrataHttpException(
          400,
          ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
          `Unknown engine '${engine}': use one of ${KNOWN_ENGINES.join(', ')}.`,
        );
      }
      return dialect;
    }
    if (databaseId == null) return 'sql';
    const rows = (await this.dataSource.query(`SELECT uri FROM databases WHERE id = $1`, [databaseId])) as {
      uri: string;
    }[];
    if (!rows[0]) throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Database not found.');
    return dialectOfUri(rows[0].uri);
  }
}
