/**
 * SQL Lab permalinks (sqllab-and-platform §7): `POST /api/v1/sqllab/permalink` stores the tab's state under a new
 * random key; `GET /api/v1/sqllab/permalink/{key}` (or `kv:{key}`) gives it back to anyone allowed to
 * read SQL Lab permalinks who has the key.
 */
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ErrorType, Permission, PermissionView as View, SQLLAB_PERMALINK_RESOURCE } from '@strata/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import { StrataHttpException } from '../../common/error-body';
import { PublicUrl, type LinkTo } from '../../common/public-url';
import { ZodBody } from '../../common/zod-validation.pipe';
import { CreateSqlLabPermalink } from './create-permalink';
import { permalinkStateSchema } from './permalink.body';

/** 24 random bytes: 32 url-safe characters, far beyond guessing. */
export const newPermalinkKey = () => randomBytes(24).toString('base64url');
const KEY = /^(?:kv:)?([A-Za-z0-9_-]{16,64})$/;

@Controller('api/v1/sqllab/permalink')
export class PermalinkController {
  constructor(
    private readonly commands: CommandBus,
    private readonly dataSource: DataSource,
  ) {}

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.SQL_LAB_PERMALINK)
  async create(
    @ZodBody(permalinkStateSchema) state: z.output<typeof permalinkStateSchema>,
    @ReqUser() user: CurrentUser,
    @PublicUrl() link: LinkTo,
  ) {
    const key = newPermalinkKey();
    await this.commands.execute(
      new CreateSqlLabPermalink(key, state, { actor: String(user.id), sessionId: user.sessionId, undoable: false }),
    );
    return { key, url: link(`/sqllab/p/${key}`) };
  }

  @Get(':key')
  @RequirePermission(Permission.READ, View.SQL_LAB_PERMALINK)
  async get(@Param('key') param: string) {
    const key = KEY.exec(param)?.[1];
    const rows = key
      ? ((await this.dataSource.query(`SELECT value FROM key_value WHERE resource = $1 AND key = $2`, [
          SQLLAB_PERMALINK_RESOURCE,
          key,
        ])) as {
          value: unknown;
        }[])
      : [];
    if (!rows[0])
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'This permalink does not exist.');
    return rows[0].value;
  }
}
