/**
 * Tab persistence (REFERENCE §1.9), at the legacy paths the SQL Lab client calls: `/tabstateview/` and
 * `/tableschemaview/`. Every call is owner-checked (404 unknown, 403 another user's). Answers keep the
 * legacy shapes: `{id}` on create, the bare id or "OK" (as JSON) elsewhere.
 */
import { Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import type { Request } from 'express';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import { StrataHttpException } from '../../common/error-body';
import {
  addTableSchema,
  bodyFields,
  createTabSchema,
  expandedSchema,
  migrateQuerySchema,
  parseWith,
  saveTabSchema,
  tabFieldsOf,
  tableFieldsOf,
} from './tab-state.bodies';
import type { TabFields } from '@strata/domain';
import { BackendPersistenceGuard } from './backend-persistence.guard';
import { TabStateService } from './tab-state.service';

const JSON_TYPE = 'application/json; charset=utf-8';
const OK = JSON.stringify('OK');

export function pathId(param: string): number {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Not found');
  return id;
}

@Controller('tabstateview')
@UseGuards(BackendPersistenceGuard)
export class TabStateController {
  constructor(private readonly tabs: TabStateService) {}

  @Post()
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.TAB_STATE)
  async create(@Req() req: Request, @ReqUser() user: CurrentUser) {
    const { queryEditor } = parseWith(createTabSchema, bodyFields(req));
    return { id: await this.tabs.create(user, tabFieldsOf(queryEditor)) };
  }

  @Get(':id')
  @RequirePermission(Permission.READ, View.TAB_STATE)
  get(@Param('id') id: string, @ReqUser() user: CurrentUser) {
    return this.tabs.get(user, pathId(id));
  }

  @Put(':id')
  @Header('Content-Type', JSON_TYPE)
  @RequirePermission(Permission.WRITE, View.TAB_STATE)
  async save(@Param('id') param: string, @Req() req: Request, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    const parsed = parseWith(saveTabSchema, bodyFields(req));
    const changes: Partial<TabFields> = {};
    for (const [key, value] of Object.entries(parsed))
      if (value !== undefined) Object.assign(changes, { [key]: value });
    await this.tabs.save(user, id, changes);
    return JSON.stringify(id);
  }

  @Delete(':id')
  @Header('Content-Type', JSON_TYPE)
  @RequirePermission(Permission.WRITE, View.TAB_STATE)
  async delete(@Param('id') id: string, @ReqUser() user: CurrentUser) {
    await this.tabs.delete(user, pathId(id));
    return OK;
  }

  @Post(':id/activate')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @RequirePermission(Permission.WRITE, View.TAB_STATE)
  async activate(@Param('id') param: string, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    await this.tabs.activate(user, id);
    return JSON.stringify(id);
  }

  @Delete(':tabId/query/:queryId')
  @Header('Content-Type', JSON_TYPE)
  @RequirePermission(Permission.WRITE, View.TAB_STATE)
  async removeQuery(@Param('tabId') tabId: string, @Param('queryId') queryId: string, @ReqUser() user: CurrentUser) {
    if (queryId.length > 11)
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Query not found.');
    await this.tabs.removeQuery(user, pathId(tabId), queryId);
    return OK;
  }

  @Post(':id/migrate_query')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @RequirePermission(Permission.WRITE, View.TAB_STATE)
  async migrateQuery(@Param('id') param: string, @Req() req: Request, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    const { queryId } = parseWith(migrateQuerySchema, bodyFields(req));
    await this.tabs.migrateQuery(user, id, queryId);
    return JSON.stringify(id);
  }
}

@Controller('tableschemaview')
@UseGuards(BackendPersistenceGuard)
export class TableSchemaController {
  constructor(private readonly tabs: TabStateService) {}

  @Post()
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.TABLE_SCHEMA)
  async add(@Req() req: Request, @ReqUser() user: CurrentUser) {
    const { table } = parseWith(addTableSchema, bodyFields(req));
    const { tabId, fields } = tableFieldsOf(table);
    return { id: await this.tabs.addTable(user, tabId, fields) };
  }

  @Post(':id/expanded')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.TABLE_SCHEMA)
  async expanded(@Param('id') param: string, @Req() req: Request, @ReqUser() user: CurrentUser) {
    const id = pathId(param);
    const { expanded } = parseWith(expandedSchema, bodyFields(req));
    await this.tabs.setTableExpanded(user, id, expanded);
    return { id, expanded };
  }

  @Delete(':id')
  @Header('Content-Type', JSON_TYPE)
  @RequirePermission(Permission.WRITE, View.TABLE_SCHEMA)
  async remove(@Param('id') id: string, @ReqUser() user: CurrentUser) {
    await this.tabs.removeTable(user, pathId(id));
    return OK;
  }
}
