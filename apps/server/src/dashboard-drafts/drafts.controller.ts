/**
 * The edit session over REST (issue 5): save the shared draft as the next version, discard it, read it,
 * and the version history (list, one version, restore as a new version). Live edits go over the socket
 * (draft-socket.ts). `expected_version` (or `expectedVersion`) is the saved version the caller saw; a
 * newer one is a 409 in the spec's error shape, never a silent overwrite.
 */
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ErrorType, Permission, PermissionView as View, toPositionJson } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser, RequirePermission } from '../auth/guards/decorators';
import { StrataHttpException } from '../common/error-body';
import { ZodBody, ZodParam } from '../common/zod-validation.pipe';
import { DraftAccess } from './draft-access';
import { draftJson, layoutOfVersion, versionJson } from './draft-versions';
import { DraftService } from './draft.service';

const positiveInt = z.coerce.number().int().positive().max(2_147_483_647);
const version = z.number().int().positive().max(2_147_483_647);
const expected = z
  .object({ expected_version: version.optional(), expectedVersion: version.optional() })
  .strict()
  .nullish()
  .transform((b) => ({ expectedVersion: b?.expected_version ?? b?.expectedVersion }));
type Expected = z.output<typeof expected>;

@Controller('api/v1/dashboard/:id')
export class DraftsController {
  constructor(
    private readonly drafts: DraftService,
    private readonly access: DraftAccess,
  ) {}

  /** The draft as it stands (opening it if nobody has): what an editor loads before subscribing. */
  @Get('draft')
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async draft(@ZodParam('id', positiveInt) id: number, @ReqUser() user: CurrentUser) {
    await this.access.requireEditor(id, user);
    await this.drafts.ensureStarted(id, user);
    const { state, version } = await this.drafts.load(id);
    return { result: draftJson(state, version) };
  }

  @Post('draft/save')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async save(@ZodParam('id', positiveInt) id: number, @ZodBody(expected) body: Expected, @ReqUser() user: CurrentUser) {
    await this.access.requireEditor(id, user);
    const { state, result } = await this.drafts.save(id, user, body.expectedVersion);
    const saved = state.versions.at(-1)!;
    const { names } = await this.drafts.versions(id);
    return { version: saved.version, stream_version: result.version, result: versionJson(saved, names) };
  }

  @Post('draft/discard')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async discard(@ZodParam('id', positiveInt) id: number, @ReqUser() user: CurrentUser) {
    await this.access.requireEditor(id, user);
    const { state, result } = await this.drafts.discard(id, user);
    return { result: draftJson(state, result.version) };
  }

  @Get('versions')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async versions(@ZodParam('id', positiveInt) id: number, @ReqUser() user: CurrentUser) {
    await this.access.requireViewer(id, user);
    const { state, names } = await this.drafts.versions(id);
    // Newest first, as a history panel lists them; a dashboard never edited has none yet.
    const result = [...state.versions].reverse().map((v) => versionJson(v, names));
    return { count: result.length, current_version: state.version || null, result };
  }

  @Get('versions/:n')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async version(
    @ZodParam('id', positiveInt) id: number,
    @ZodParam('n', positiveInt) n: number,
    @ReqUser() user: CurrentUser,
  ) {
    await this.access.requireViewer(id, user);
    const { state, names, events } = await this.drafts.versions(id);
    const info = state.versions.find((v) => v.version === n);
    const layout = layoutOfVersion(events, n);
    if (!info || !layout)
      throw new StrataHttpException(
        404,
        ErrorType.OBJECT_DOES_NOT_EXIST_ERROR,
        `Version ${n} of this dashboard does not exist.`,
      );
    return { result: { ...versionJson(info, names), position_json: toPositionJson(layout) } };
  }

  @Post('versions/:n/restore')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async restore(
    @ZodParam('id', positiveInt) id: number,
    @ZodParam('n', positiveInt) n: number,
    @ZodBody(expected) body: Expected,
    @ReqUser() user: CurrentUser,
  ) {
    await this.access.requireEditor(id, user);
    const { state, result } = await this.drafts.restore(id, user, n, body.expectedVersion);
    const restored = state.versions.at(-1)!;
    const { names } = await this.drafts.versions(id);
    return { version: restored.version, stream_version: result.version, result: versionJson(restored, names) };
  }
}
