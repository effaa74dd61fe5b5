/**
 * Explore's server side: permalinks (`POST /api/v1/explore/permalink` {formData, urlParams} -> {key, url};
 * `GET /api/v1/explore/permalink/{key}` -> {state}) and the page's bootstrap
 * `GET /api/v1/explore/?slice_id=|datasource_id=&datasource_type=|permalink_key=` -> {result: {dataset,
 * form_data, slice, message}}. Opening a permalink or a chart still needs access to its dataset.
 */
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ErrorType,
  EXPLORE_PERMALINK_RESOURCE,
  explorePermalinkStateSchema,
  parseDatasourceKey,
  Permission,
  PermissionView as View,
  type ExplorePermalinkState,
} from '@strata/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { PublicUrl, type LinkTo } from '../common/public-url';
import { ZodBody, ZodQuery } from '../common/zod-validation.pipe';
import { ChartsService } from '../charts/charts.service';
import { DatasetsService } from '../datasets/datasets.service';
import { coercedRecordId } from '../common/ids';
import { requireMainRight } from '../common/main-rights';
import { DecideExplorePermalink } from './decide-explore';

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** charts-dashboards-reports §9: default Explore form. */
export const DEFAULT_FORM_DATA = {
  viz_type: 'table',
  row_limit: 1000,
  time_range: 'No filter',
  metrics: [],
  groupby: [],
};

const bootstrapQuery = z.object({
  slice_id: coercedRecordId.optional(),
  datasource_id: coercedRecordId.optional(),
  datasource_type: z.string().max(32).optional(),
  permalink_key: z.string().regex(KEY).optional(),
});

const notFound = (what: string) =>
  new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, `${what} not found.`);
const noPermalink = () =>
  new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'This permalink does not exist.');

@Controller('api/v1/explore')
export class ExploreController {
  constructor(
    private readonly commands: CommandBus,
    private readonly dataSource: DataSource,
    private readonly charts: ChartsService,
    private readonly datasets: DatasetsService,
  ) {}

  @Post('permalink')
  @HttpCode(201)
  @RequirePermission(Permission.WRITE, View.EXPLORE_PERMALINK)
  async createPermalink(
    @ZodBody(explorePermalinkStateSchema) state: ExplorePermalinkState,
    @ReqUser() user: CurrentUser,
    @PublicUrl() link: LinkTo,
  ) {
    // Sharing a chart's link is its own right (sqllab-and-platform §6 can_share_chart).
    requireMainRight(user, 'can_share_chart');
    const key = randomBytes(24).toString('base64url');
    await this.commands.execute(
      new DecideExplorePermalink(
        key,
        { type: 'CreateExplorePermalink', data: { key, state } },
        { actor: String(user.id), sessionId: user.sessionId, undoable: false },
      ),
    );
    return { key, url: link(`/explore/p/${key}/`) };
  }

  /** The stored form data names a dataset (or a chart): only someone who may read it may read the link. */
  @Get('permalink/:key')
  @RequirePermission(Permission.READ, View.EXPLORE_PERMALINK)
  async getPermalink(@Param('key') key: string, @ReqUser() user: CurrentUser) {
    const state = await this.permalink(key);
    const datasource =
      typeof state.formData.datasource === 'string' ? parseDatasourceKey(state.formData.datasource) : null;
    const sliceId = state.formData.slice_id;
    const readable = datasource
      ? (await this.datasets.get(datasource.id, user)) !== null
      : typeof sliceId === 'number' && Number.isSafeInteger(sliceId) && (await this.charts.get(sliceId, user)) !== null;
    // As for a key that does not exist: whether it does is not for this user to learn.
    if (!readable) throw noPermalink();
    return { state };
  }

  @Get()
  @RequirePermission(Permission.READ, View.CHART)
  async bootstrap(@ZodQuery(bootstrapQuery) q: z.output<typeof bootstrapQuery>, @ReqUser() user: CurrentUser) {
    // The Explore page is for users with can_explore (sqllab-and-platform §6); dashboards draw charts without it.
    requireMainRight(user, 'can_explore');
    let formData: Record<string, unknown> = {};
    let slice: unknown = null;
    let datasourceId = q.datasource_id;
    if (q.permalink_key) {
      formData = (await this.permalink(q.permalink_key)).formData;
      if (typeof formData.slice_id === 'number') q.slice_id ??= formData.slice_id;
    }
    if (q.slice_id) {
      const chart = await this.charts.get(q.slice_id, user);
      if (!chart) throw notFound('Chart');
      slice = chart;
      formData = { ...chart.form_data, ...formData };
      datasourceId ??= chart.datasource_id;
    }
    if (datasourceId === undefined && typeof formData.datasource === 'string')
      datasourceId = Number(formData.datasource.split('__')[0]);
    if (!datasourceId || !Number.isSafeInteger(datasourceId)) {
      throw new StrataHttpException(
        400,
        ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        'Explore needs a slice_id, a datasource_id or a permalink_key.',
      );
    }
    const dataset = await this.datasets.get(datasourceId, user);
    if (!dataset) throw notFound('Dataset');
    // A new chart starts with the dataset's default time grain (the dataset editor's setting); a saved chart keeps its own.
    const grain = !slice && dataset.default_time_grain ? { time_grain_sqla: dataset.default_time_grain } : {};
    const form_data = { ...DEFAULT_FORM_DATA, ...grain, ...formData, datasource: `${dataset.id}__table` };
    return { result: { dataset, form_data, slice, message: null } };
  }

  private async permalink(key: string): Promise<ExplorePermalinkState> {
    const rows = KEY.test(key)
      ? ((await this.dataSource.query(`SELECT value FROM key_value WHERE resource = $1 AND key = $2`, [
          EXPLORE_PERMALINK_RESOURCE,
          key,
        ])) as { value: ExplorePermalinkState }[])
      : [];
    if (!rows[0]) throw noPermalink();
    return rows[0].value;
  }
}
