/**
 * `/api/v1/saved_query/`: create, update, get, delete and list (sqllab-and-platform §7 Saved queries). Reading needs
 * can_read on SavedQuery, changing can_write; only the owner (or an admin) edits or deletes one. Stars
 * (issue 15 item 6), Superset's favourites routes: `POST` / `DELETE {id}/favorites/` and
 * `favorite_status/?q=!(ids)`, for whoever may read the saved query (a star is the user's own, not an edit).
 */
import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View, type SavedQueryFields } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import { StrataHttpException } from '../../common/error-body';
import { ZodBody } from '../../common/zod-validation.pipe';
import { bulkIdsSchema, parseRisonQuery, savedQueryListSchema } from './list-query';
import { SavedQueriesService } from './saved-queries.service';
import { AsOfService } from '../../object-history/as-of.service';
import { coercedRecordId, recordId } from '../../common/ids';
import { RisonQuery } from '../../common/rison';

/** template_parameters is JSON text; an object is accepted and stored as its JSON. */
const templateParameters = z
  .union([z.string().max(100_000), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((v) => (v == null ? null : typeof v === 'string' ? v : JSON.stringify(v)));

const fields = {
  label: z.string().max(256),
  description: z
    .string()
    .max(10_000)
    .nullish()
    .transform((v) => v ?? ''),
  db_id: coercedRecordId,
  catalog: z
    .string()
    .max(256)
    .nullish()
    .transform((v) => v ?? null),
  schema: z
    .string()
    .max(256)
    .nullish()
    .transform((v) => v ?? null),
  sql: z.string().max(1_000_000),
  template_parameters: templateParameters,
};

export const createSavedQuerySchema = z.object(fields);
export const updateSavedQuerySchema = z.object({
  label: fields.label.optional(),
  description: z
    .string()
    .max(10_000)
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? ''))),
  db_id: fields.db_id.optional(),
  catalog: z.string().max(256).nullish(),
  schema: z.string().max(256).nullish(),
  sql: fields.sql.optional(),
  template_parameters: z
    .union([z.string().max(100_000), z.record(z.string(), z.unknown())])
    .nullish()
    .transform((v) =>
      v === undefined ? undefined : v === null ? null : typeof v === 'string' ? v : JSON.stringify(v),
    ),
});

const idsQuery = z.array(recordId).max(1000);

const notFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');

function savedQueryId(param: string): number {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** Keys the client left out stay as they are; an explicit null clears catalog, schema or parameters. */
function changesOf(body: z.output<typeof updateSavedQuerySchema>): Partial<SavedQueryFields> {
  const changes: Partial<SavedQueryFields> = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) Object.assign(changes, { [key]: value });
  return changes;
}

@Controller('api/v1/saved_query')
export class SavedQueriesController {
  constructor(
    private readonly savedQueries: SavedQueriesService,
    private readonly asOf: AsOfService,
  ) {}

  @Get()
  @RequirePermission(Permission.READ, View.SAVED_QUERY)
  list(@Query('q') q: string | undefined, @ReqUser() user: CurrentUser) {
    return this.savedQueries.list(parseRisonQuery(typeof q === 'string' ? q : undefined, savedQueryListSchema), user);
  }

  /** Which of these saved queries the user starred (Superset's shape: `{result: [{id, value}]}`). */
  @Get('favorite_status')
  @RequirePermission(Permission.READ, View.SAVED_QUERY)
  async favoriteStatus(@RisonQuery(idsQuery) ids: number[], @ReqUser() user: CurrentUser) {
    return { result: await this.savedQueries.favoriteStatus(ids, user) };
  }

  @Get(':id')
  @RequirePermission(Permission.READ, View.SAVED_QUERY)
  async get(@Param('id') param: string, @Query('as_of') asOf: unknown, @ReqUser() user: CurrentUser) {
    // The saved query as it was then (object-history/): same shape, same read right.
    if (asOf !== undefined) {
      const id = savedQueryId(param);
      return this.asOf.answer('saved_query', id, asOf, user, () => this.savedQueries.get(id, user));
    }
    const found = await this.savedQueries.get(savedQueryId(param), user);
    if (!found) throw notFound();
    return { id: found.id, result: found };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.SAVED_QUERY)
  async create(
    @ZodBody(createSavedQuerySchema) body: z.output<typeof createSavedQuerySchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const saved = await this.savedQueries.create(body, user);
    return { id: saved.id, result: saved };
  }

  @Put(':id')
  @RequirePermission(Permission.WRITE, View.SAVED_QUERY)
  async update(
    @Param('id') param: string,
    @ZodBody(updateSavedQuerySchema) body: z.output<typeof updateSavedQuerySchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const saved = await this.savedQueries.update(savedQueryId(param), changesOf(body), user);
    return { id: saved.id, result: saved };
  }

  /** Bulk delete from the list page: `?q=!(1,2,3)`. All or nothing: every id must exist and be yours. */
  @Delete()
  @RequirePermission(Permission.WRITE, View.SAVED_QUERY)
  async deleteMany(@Query('q') q: string | undefined, @ReqUser() user: CurrentUser) {
    const ids = parseRisonQuery(typeof q === 'string' ? q : undefined, bulkIdsSchema);
    await this.savedQueries.deleteMany([...new Set(ids)], user);
    return { message: `Deleted ${ids.length} saved quer${ids.length === 1 ? 'y' : 'ies'}` };
  }

  @Post(':id/favorites')
  @HttpCode(200)
  @RequirePermission(Permission.READ, View.SAVED_QUERY)
  async star(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    await this.savedQueries.favorite(savedQueryId(param), true, user);
    return { result: 'OK' };
  }

  @Delete(':id/favorites')
  @RequirePermission(Permission.READ, View.SAVED_QUERY)
  async unstar(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    await this.savedQueries.favorite(savedQueryId(param), false, user);
    return { result: 'OK' };
  }

  @Delete(':id')
  @RequirePermission(Permission.WRITE, View.SAVED_QUERY)
  async delete(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    await this.savedQueries.delete(savedQueryId(param), user);
    return { message: 'OK' };
  }
}
