/**
 * A dashboard's filter state under a `native_filters_key` (issue 16 item 1, as Superset):
 * `POST /api/v1/dashboard/{id}/filter_state` {value: JSON text} -> 201 {key};
 * `GET .../filter_state/{key}` -> {value} (JSON text); `PUT .../filter_state/{key}` {value} -> {message: key}
 * (its creator only: 403 for anyone else, whose client then keeps its own key). Each store is a
 * DecideFilterState command decided by the domain's filterStateDecider on `dashboard_filter_state:<key>`,
 * projected into `key_value` for 90 days (REFERENCE §2.4 FILTER_STATE_CACHE_CONFIG). Whoever may read the
 * dashboard may keep and read its filter state; a key belongs to one dashboard (404 from any other).
 */
import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ErrorType,
  FILTER_STATE_EVENTS,
  FILTER_STATE_NOT_FOUND,
  FILTER_STATE_RESOURCE,
  FILTER_STATE_TTL_DAYS,
  filterStateDecider,
  dashboardFilterStateSchema,
  filterStateStream,
  Permission,
  PermissionView as View,
  type FilterStateCommand,
  type FilterStateEvent,
  type StoredFilterState,
} from '@strata/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { keyValueFold } from '../common/key-value.projection';
import { readKeyValue } from '../common/key-value.read';
import { ZodBody, ZodParam } from '../common/zod-validation.pipe';
import { decisionHandler, DecideOn } from '../event-store/decide-command';
import { dashboardId } from './dashboards.controller';
import { DashboardsService } from './dashboards.service';

export class DecideFilterState extends DecideOn<string, FilterStateCommand> {}

export const DecideFilterStateHandler = decisionHandler(DecideFilterState, filterStateStream, filterStateDecider);

type KeptFilterState = Pick<StoredFilterState, 'dashboardId' | 'state'>;

/** The read model: each store replaces the key's value and starts its 90 days again. */
export const filterStateFold = keyValueFold<FilterStateEvent, KeptFilterState>({
  name: FILTER_STATE_RESOURCE,
  resource: FILTER_STATE_RESOURCE,
  handles: FILTER_STATE_EVENTS,
  value: (data) => ({ dashboardId: data.dashboardId, state: data.state }),
  ttlDays: FILTER_STATE_TTL_DAYS,
});

/** Superset's body: the state as JSON text, checked against its shape here, at the edge. */
const valueBody = z.object({
  value: z
    .string()
    .max(1_000_000)
    .transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON text' });
        return z.NEVER;
      }
      const state = dashboardFilterStateSchema.safeParse(parsed);
      if (state.success) return state.data;
      ctx.addIssue({ code: 'custom', message: `must be a filter state: ${state.error.issues[0]?.message ?? ''}` });
      return z.NEVER;
    }),
});
type ValueBody = z.output<typeof valueBody>;

const notFound = () => new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, FILTER_STATE_NOT_FOUND);

@Controller('api/v1/dashboard/:id/filter_state')
export class DashboardFilterStateController {
  constructor(
    private readonly commands: CommandBus,
    private readonly dataSource: DataSource,
    private readonly dashboards: DashboardsService,
  ) {}

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async create(
    @ZodParam('id', dashboardId) id: number,
    @ZodBody(valueBody) body: ValueBody,
    @ReqUser() user: CurrentUser,
  ) {
    await this.dashboards.visible(id, user);
    const key = randomBytes(24).toString('base64url');
    await this.decide(
      key,
      { type: 'CreateFilterState', data: { key, dashboardId: id, owner: user.id, state: body.value } },
      user,
    );
    return { key };
  }

  @Put(':key')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async update(
    @ZodParam('id', dashboardId) id: number,
    @Param('key') key: string,
    @ZodBody(valueBody) body: ValueBody,
    @ReqUser() user: CurrentUser,
  ) {
    await this.dashboards.visible(id, user);
    if (!(await this.read(id, key))) throw notFound();
    // The decider refuses another user's key (403) and a key of another dashboard (404).
    await this.decide(
      key,
      { type: 'ChangeFilterState', data: { key, dashboardId: id, userId: user.id, state: body.value } },
      user,
    );
    return { message: key };
  }

  @Get(':key')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async get(@ZodParam('id', dashboardId) id: number, @Param('key') key: string, @ReqUser() user: CurrentUser) {
    await this.dashboards.visible(id, user);
    const stored = await this.read(id, key);
    if (!stored) throw notFound();
    return { value: JSON.stringify(stored.state) };
  }

  private async read(id: number, key: string) {
    const stored = await readKeyValue<KeptFilterState>(this.dataSource, FILTER_STATE_RESOURCE, key);
    return stored && stored.dashboardId === id ? stored : null;
  }

  private async decide(key: string, command: FilterStateCommand, user: CurrentUser): Promise<void> {
    // A viewer's filter choice is a view preference, never an undo step.
    await this.commands.execute(
      new DecideFilterState(key, command, { actor: String(user.id), sessionId: user.sessionId, undoable: false }),
    );
  }
}
