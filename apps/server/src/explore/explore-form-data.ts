/**
 * Explore's form data cache (REFERENCE §2.4 EXPLORE_FORM_DATA_CACHE_CONFIG): `POST /api/v1/explore/form_data`
 * {datasource_id, datasource_type, chart_id?, form_data} -> 201 {key}; `PUT /api/v1/explore/form_data/{key}`
 * (its creator only) -> {key}; `GET /api/v1/explore/form_data/{key}` -> {form_data} (JSON text). Each store
 * is an event on `explore_form_data:<key>`, projected into `key_value` (7 days).
 */
import { Controller, Get, HttpCode, Injectable, Param, Post, Put } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View } from '@strata/domain';
import type { Envelope, EventLike } from '@strata/events';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { ZodBody } from '../common/zod-validation.pipe';
import { DatasetsService } from '../datasets/datasets.service';
import { KeyValueProjection } from '../common/key-value.projection';
import { EventStore } from '../event-store/event-store.port';
import { coercedRecordId } from '../common/ids';

export const FORM_DATA_RESOURCE = 'explore_form_data';
const TTL_DAYS = 7;
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

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

interface Stored extends Body {
  owner: number;
}

export type FormDataStored = EventLike<'explore/formDataStored', { key: string; state: Stored }>;

@Injectable()
export class FormDataProjection extends KeyValueProjection {
  readonly name = FORM_DATA_RESOURCE;
  readonly handles = ['explore/formDataStored'] as const;
  protected readonly resource = FORM_DATA_RESOURCE;
  protected override readonly ttlDays = TTL_DAYS;

  protected entry(envelope: Envelope) {
    const { data } = envelope as unknown as FormDataStored;
    return { key: data.key, value: data.state };
  }
}

@Controller('api/v1/explore/form_data')
export class ExploreFormDataController {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly datasets: DatasetsService,
  ) {}

  @Post()
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.EXPLORE_PERMALINK)
  async create(@ZodBody(bodySchema) body: Body, @ReqUser() user: CurrentUser) {
    await this.checkDataset(body.datasource_id, user);
    const key = randomBytes(24).toString('base64url');
    await this.save(key, body, user, 0);
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
    if (owner !== user.id)
      throw new StrataHttpException(403, ErrorType.MISSING_OWNERSHIP_ERROR, 'This form data belongs to another user.');
    const body: Body = { ...stored };
    for (const [field, value] of Object.entries(changes))
      if (value !== undefined) Object.assign(body, { [field]: value });
    await this.checkDataset(body.datasource_id, user);
    await this.save(key, body, user, 'any');
    return { key };
  }

  @Get(':key')
  @RequirePermission(Permission.READ, View.EXPLORE_PERMALINK)
  async get(@Param('key') key: string, @ReqUser() user: CurrentUser) {
    const stored = await this.read(key);
    await this.checkDataset(stored.datasource_id, user);
    return { form_data: stored.form_data };
  }

  private async save(key: string, body: Body, user: CurrentUser, expectedVersion: 0 | 'any'): Promise<void> {
    const event: FormDataStored = { type: 'explore/formDataStored', data: { key, state: { ...body, owner: user.id } } };
    await this.store.append(`${FORM_DATA_RESOURCE}:${key}`, [event], {
      expectedVersion,
      meta: { actor: String(user.id), sessionId: user.sessionId, undoable: false },
    });
  }

  private async read(key: string): Promise<Stored> {
    const rows = KEY.test(key)
      ? ((await this.dataSource.query(
          `SELECT value FROM key_value WHERE resource = $1 AND key = $2 AND (expires_on IS NULL OR expires_on > now())`,
          [FORM_DATA_RESOURCE, key],
        )) as { value: Stored }[])
      : [];
    if (!rows[0])
      throw new StrataHttpException(
        404,
        ErrorType.OBJECT_DOES_NOT_EXIST_ERROR,
        'The form data does not exist or has expired.',
      );
    return rows[0].value;
  }

  private async checkDataset(id: number, user: CurrentUser): Promise<void> {
    if (!(await this.datasets.get(id, user)))
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'Dataset not found.');
  }
}
