/**
 * `POST /api/v1/database/{id}/upload/` (Superset's upload, issue 15 item 3): multipart with `type` csv or
 * excel and Superset's fields (table_name, schema, delimiter, header_row, already_exists, column_types),
 * the file last. Streamed: the rows go to the database as they arrive, within UPLOAD_MAX_MB (413).
 */
import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { Permission, PermissionView as View, type UploadColumn } from '@strata/domain';
import type { Request } from 'express';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { engineHttpError } from '../databases/databases.controller';
import { fileRows } from './file-rows';
import { readMultipart } from './multipart';
import { firstColumns, parseMetadataFields } from './upload-metadata';
import { fieldError, parseUploadFields, tooLarge, uploadMaxBytes } from './upload-request';
import { StrataHttpException } from '../common/error-body';
import { UploadService, type UploadResult } from './upload.service';

@Controller('api/v1/database')
export class UploadController {
  constructor(private readonly upload: UploadService) {}

  @Post(':id/upload/')
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async create(
    @Param('id') id: string,
    @Req() req: Request,
    @ReqUser() user: CurrentUser,
  ): Promise<{ message: string; result: UploadResult }> {
    const limit = uploadMaxBytes();
    const databaseId = Number(id);
    const declared = Number(req.headers['content-length'] ?? 0);
    // A declared size over the limit is refused before any byte is read.
    if (declared > limit + 64 * 1024) {
      req.resume();
      throw tooLarge(limit);
    }
    try {
      const result = await readMultipart(req, limit, (fields, file) => {
        const request = parseUploadFields(fields);
        return this.upload.load(databaseId, request, fileRows(file, request), user);
      });
      return { message: 'OK', result };
    } catch (err) {
      throw engineHttpError(err);
    }
  }

  /**
   * The columns of a file's first rows with their inferred types (Superset's upload_metadata, plus the
   * types): the upload form proposes them for an Excel file, which the browser cannot read in part.
   */
  @Post('upload_metadata/')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DATABASE)
  async metadata(
    @Req() req: Request,
  ): Promise<{ result: { items: { sheet_name: string | null; column_names: string[]; columns: UploadColumn[] }[] } }> {
    const limit = uploadMaxBytes();
    if (Number(req.headers['content-length'] ?? 0) > limit + 64 * 1024) {
      req.resume();
      throw tooLarge(limit);
    }
    const columns = await readMultipart(req, limit, async (fields, file) => {
      const request = parseMetadataFields(fields);
      try {
        return await firstColumns(fileRows(file, request), request.header_row);
      } catch (err) {
        if (err instanceof StrataHttpException) throw err;
        throw fieldError(
          'file',
          `The file could not be read as ${request.type === 'excel' ? 'an Excel (.xlsx) file' : 'CSV'}: ${err instanceof Error ? err.message : String(err)}`,
        );
      } finally {
        // The first rows are enough: the rest of the file is drained unread so the request ends.
        file.unpipe();
        file.resume();
      }
    });
    return { result: { items: [{ sheet_name: null, column_names: columns.map((c) => c.name), columns }] } };
  }
}
