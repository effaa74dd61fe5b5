/**
 * Explore's form data cache (REFERENCE §2.4 EXPLORE_FORM_DATA_CACHE_CONFIG): `POST /api/v1/explore/form_data`
 * {datasource_id, datasource_type, chart_id?, form_data} -> 201 {key}; `PUT /api/v1/explore/form_data/{key}`
 * (its creator only) -> {key}; `GET /api/v1/explore/form_data/{key}` -> {form_data} (JSON text). Each store
 * is `explore/formDataStored` on `explore_form_data:<key>` (a DecideFormData command, decided by the domain's
 * exploreFormDataDecider), projected into `key_value` (7 days).
 */
import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ErrorType,
  EXPLORE_FORM_DATA_EVENTS,
  EXPLORE_FORM_DATA_RESOURCE,
  EXPLORE_FORM_DATA_TTL_DAYS,
  FORM_DATA_NOT_OWNER,
  Permission,
  PermissionView as View,
  type ExploreFormDataStored,
  type StoredFormData,
} from '@strata/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { ZodBody } from '../common/zod-validation.pipe';
import { DatasetsService } from '../datasets/datasets.service';
import { keyValueFold } from '../common/key-value.projection';
import { readKeyValue } from '../common/key-value.read';
import { coercedRecordId } from '../common/ids';
import { DecideFormData } from './decide-explore';

export const FORM_DATA_RESOURCE = EXPLORE_FORM_DATA_RESOURCE;

const bodySchema = z.object({
  datasource_id: coercedRecordId,
  datasource_type: z.string().max(32).default('table'),
  chart_id: coercedRecordId.nullish(),
  form_data: z
    .string()
    .max(5_000_000)
    .refine((t) => {
      try {
        const v: unknown = JSON.parse(t);
        return typeof v === 'object' && v !== null && !Array.isArray(v);
      } catch {
        return false;
      }
    }, 'must be a JSON object as text'),
});
type Body = z.output<typeof bodySchema>;

/** PUT: the fields sent replace the stored ones and the others stay (usually only form_data changes). */
const updateSchema = z.object({
  datasource_id: bodySchema.shape.datasource_id.optional(),
  datasource_type: z.string().max(32).optional(),
  chart_id: bodySchema.shape.chart_id,
  form_data: bodySchema.shape.form_data.optional(),
});

type Stored = StoredFormData;

/** The form data cache in `key_value`: each store replaces the value and starts the 7 days again. */
export const formDataFold = keyValueFold<ExploreFormDataStored, StoredFormData>({
  name: FORM_DATA_RESOURCE,
  resource: FORM_DATA_RESOURCE,
  handles: EXPLORE_FORM_DATA_EVENTS,
  value: ({ state }) => state,
  ttlDays: EXPLORE_FORM_DATA_TTL_DAYS,
});

@Controller('api/v1/explore/form_data')
export class ExploreFormDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly dataSource: DataSource,
    private readonly datasets: DatasetsService,
  ) {}

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.EXPLORE_PERMALINK)
  async create(@ZodBody(bodySchema) body: Body, @ReqUser() user: CurrentUser) {
    await this.checkDataset(body.datasource_id, user);
    const key = randomBytes(24).toString('base64url');
    await this.decide(key, { type: 'CreateFormData', data: { key, state: { ...body, owner: user.id } } }, user);
    return { key };
  }

  @Put(':key')
  @RequirePermission(Permission.WRITE, View.EXPLORE_PERMALINK)
  async update(
    @Param('key') key: string,
    @ZodBody(updateSchema) changes: z.output<typeof updateSchema>,
    @ReqUser() user: CurrentUser,
  ) {
    const { owner, ...stored } = await this.read(key);
    if (owner !== user.id) throw new StrataHttpException(403, ErrorType.MISSING_OWNERSHIP_ERROR, FORM_DATA_NOT_OWNER);
    const body: Body = { ...stored };
    for (const [field, value] of Object.entries(changes))
      if (value !== undefined) Object.assign(body, { [field]: value });
    await this.checkDataset(body.datasource_id, user);
    await this.decide(key, { type: 'UpdateFormData', data: { key, userId: user.id, changes } }, user);
    return { key };
  }

  @Get(':key')
  @RequirePermission(Permission.READ, View.EXPLORE_PERMALINK)
  async get(@Param('key') key: string, @ReqUser() user: CurrentUser) {
    const stored = await this.read(key);
    await this.checkDataset(stored.datasource_id, user);
    return { form_data: stored.form_data };
  }

  private async decide(key: string, command: DecideFormData['command'], user: CurrentUser): Promise<void> {
    await this.commands.execute(
      new DecideFormData(key, command, { actor: String(user.id), sessionId: user.sessionId, undoable: false }),
    );
  }

  private async read(key: string): Promise<Stored> {
    const stored = await readKeyValue<Stored>(this.dataSource, FORM_DATA_RESOURCE, key);
    if (!stored)
      throw new StrataHttpException(
        404,
        ErrorType.OBJECT_DOES_NOT_EXIST_ERROR,
        'The form data does not exist or has expired.',
      );
    return stored;
  }

  private async checkDataset(id: number, user: CurrentUser): Promise<void> {
    if (!(await this.datasets.get(id, user)))
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Dataset not found.');
  }
}
