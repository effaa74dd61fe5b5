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
import { discardedJson, draftJson, layoutOfVersion, versionJson } from './draft-versions';
import { DraftService } from './draft.service';

const positiveInt = z.coerce.number().int().positive().max(2_147_483_647);
const version = z.number().int().positive().max(2_147_483_647);
const expected = z
  .object({ expected_version: version.optional(), expectedVersion: version.optional() })
  .strict()
  .nullish()
  .transform((b) => ({ expectedVersion: b?.expected_version ?? b?.expectedVersion }));
type Expected = z.output<typeof expected>;
/** `mine` (default): the caller's own edits since the last save, undoable by them; `all`: everyone's, owners only. */
const discardBody = z
  .object({ scope: z.enum(['mine', 'all']).optional() })
  .strict()
  .nullish()
  .transform((b) => ({ scope: b?.scope ?? ('mine' as const) }));
type DiscardBody = z.output<typeof discardBody>;

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
    const { state, names } = await this.drafts.versions(id);
    const { version } = await this.drafts.load(id);
    return { result: draftJson(state, version, names) };
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
  async discard(
    @ZodParam('id', positiveInt) id: number,
    @ZodBody(discardBody) body: DiscardBody,
    @ReqUser() user: CurrentUser,
  ) {
    if (body.scope === 'all') await this.access.requireOwner(id, user);
    else await this.access.requireEditor(id, user);
    const { state, result } = await this.drafts.discard(id, user, body.scope);
    // `kept`: the caller's changes left in the draft because another editor built on them (issue 12).
    const discarded = result.events.find((e) => e.type === 'dashboard/ownChangesDiscarded');
    const kept = (discarded?.data as { kept?: readonly string[] } | undefined)?.kept?.length ?? 0;
    return { scope: body.scope, kept, result: draftJson(state, result.version) };
  }

  @Get('versions')
  @RequirePermission(Permission.READ, View.DASHBOARD)
  async versions(@ZodParam('id', positiveInt) id: number, @ReqUser() user: CurrentUser) {
    await this.access.requireViewer(id, user);
    const { state, names } = await this.drafts.versions(id);
    // Newest first, as a history panel lists them; a dashboard never edited has none yet.
    const result = [...state.versions].reverse().map((v) => versionJson(v, names));
    // Drafts an owner discarded for everyone, newest first: recoverable (POST .../versions/discarded/{n}/restore).
    const discarded = [...state.discardedDrafts].reverse().map((d) => discardedJson(d, names));
    return { count: result.length, current_version: state.version || null, result, discarded };
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

  /** Brings a discarded draft back as the draft (its edits unsaved again); refused while the draft has unsaved changes. */
  @Post('versions/discarded/:n/restore')
  @HttpCode(200)
  @RequirePermission(Permission.WRITE, View.DASHBOARD)
  async restoreDiscarded(
    @ZodParam('id', positiveInt) id: number,
    @ZodParam('n', positiveInt) n: number,
    @ReqUser() user: CurrentUser,
  ) {
    await this.access.requireEditor(id, user);
    const { state, result } = await this.drafts.restoreDiscarded(id, user, n);
    return { discard: n, result: draftJson(state, result.version) };
  }
}
