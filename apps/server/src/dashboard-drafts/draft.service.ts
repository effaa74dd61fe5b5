/**
 * The shared draft of a dashboard (stream `dashboard-draft:<id>`, libs/domain dashboard/session): opened
 * once from the dashboard's saved layout, then edited by everyone in edit mode over the socket, saved,
 * discarded and restored over REST or the socket. This service checks and shapes the commands; their
 * handlers (decide-draft.ts, restore-draft-version.ts, undo-redo-draft.ts) load, decide, append behind
 * the CommandBus, and a save or restore also appends `dashboard/layoutPublished` to `dashboard:<id>` in
 * the same transaction (DashboardsService.publishLayout), so the dashboards module's fold and read model
 * know every saved layout.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus, type Command } from '@nestjs/cqrs';
import {
  draftDecider,
  DraftErrorCode,
  draftStreamId,
  parseDraftCommand,
  parsePositionJson,
  type DraftCommand,
  type DraftState,
  type LayoutContext,
  type VersionInfo,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { DatasetsService } from '../datasets/datasets.service';
import { EventStore, VersionConflictError, type AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta, type LoadedStream } from '../event-store/load-decide-append';
import { usernames } from '../objects/batch-facts';
import { DecideDashboardDraft } from './decide-draft';
import { parseHistoryCommand } from './draft-history';
import { actorsOf, type UserNames } from './draft-versions';
import { RestoreDiscardedDraftCommand, RestoreDraftVersion } from './restore-draft-version';
import { draftHistoryCommand } from './undo-redo-draft';

const actorOf = (user: CurrentUser) => String(user.id);
/** Session commands: the time is the server's, and none is an undo step (its author's discard is undone by rule). */
const STAMPED: ReadonlySet<string> = new Set(['SaveDraft', 'DiscardDraft', 'DiscardMyChanges']);
const now = () => new Date().toISOString();
export type DiscardScope = 'mine' | 'all';

@Injectable()
export class DraftService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly runner: DecisionRunner,
    private readonly commands: CommandBus,
    private readonly datasets: DatasetsService,
  ) {}

  /**
   * Opens the draft at the dashboard's saved layout as version 1 if nobody has yet. Idempotent and safe
   * against two editors opening at once (the loser of the race finds it open).
   */
  async ensureStarted(dashboardId: number, user: CurrentUser): Promise<void> {
    const stream = draftStreamId(dashboardId);
    if ((await this.store.streamVersion(stream)) > 0) return;
    const rows = (await this.dataSource.query(`SELECT position_json FROM dashboards WHERE id = $1`, [dashboardId])) as {
      position_json: unknown;
    }[];
    if (!rows[0]) throw new DomainError('dashboard_not_found', 'Dashboard not found.');
    const parsed = parsePositionJson(rows[0].position_json);
    if (!parsed.ok)
      throw new DomainError(
        DraftErrorCode.INVALID_LAYOUT,
        `The saved layout of this dashboard can not be edited: ${parsed.problems.slice(0, 3).join('; ')}`,
      );
    const command: DraftCommand = {
      type: 'StartDraft',
      actor: actorOf(user),
      data: { dashboardId, version: 1, layout: parsed.layout, at: now() },
    };
    try {
      await this.commands.execute(
        new DecideDashboardDraft(dashboardId, command, undefined, {
          actor: actorOf(user),
          sessionId: user.sessionId,
          undoable: false,
        }),
      );
    } catch (error) {
      const raced =
        error instanceof VersionConflictError ||
        (error instanceof DomainError && error.code === DraftErrorCode.ALREADY_STARTED);
      if (!raced) throw error;
    }
  }

  load(dashboardId: number): Promise<LoadedStream<DraftState>> {
    return this.runner.load(draftStreamId(dashboardId), draftDecider);
  }

  /**
   * The bus command for a client's command (`{type, data}` from the socket): a layout edit, Save,
   * Discard, Undo or Redo, in the user's name. Bad payloads are DomainErrors (socket `invalid`), never
   * crashes.
   */
  async toCommand(
    dashboardId: number,
    user: CurrentUser,
    command: { type: string; data: unknown },
    meta: DecisionMeta,
  ): Promise<Command<AppendResult>> {
    await this.ensureStarted(dashboardId, user);
    const history = parseHistoryCommand(command);
    if (history) return draftHistoryCommand(dashboardId, history, { ...meta, actor: actorOf(user) });
    if (command.type === 'Undo' || command.type === 'Redo')
      throw new DomainError('invalid_command', `${command.type} takes at most a batchId.`);
    // Times come from the server's clock, never from a client.
    const data = STAMPED.has(command.type) ? { ...(command.data as object), at: now() } : command.data;
    const parsed = parseDraftCommand({ type: command.type, data }, actorOf(user));
    if (!parsed.ok) throw new DomainError('invalid_command', `Invalid ${command.type}: ${parsed.problems.join('; ')}`);
    return this.decideCommand(dashboardId, user, parsed.command, meta);
  }

  async save(
    dashboardId: number,
    user: CurrentUser,
    expectedVersion?: number,
  ): Promise<{ state: DraftState; result: AppendResult }> {
    await this.ensureStarted(dashboardId, user);
    const data = expectedVersion === undefined ? { at: now() } : { at: now(), expectedVersion };
    const result = await this.commands.execute(
      await this.decideCommand(
        dashboardId,
        user,
        { type: 'SaveDraft', actor: actorOf(user), data },
        this.httpMeta(user),
      ),
    );
    return { state: (await this.load(dashboardId)).state, result };
  }

  /** `mine`: the user's own edits since the last save (DiscardMyChanges); `all`: everyone's (DiscardDraft, owners). */
  async discard(
    dashboardId: number,
    user: CurrentUser,
    scope: DiscardScope = 'mine',
  ): Promise<{ state: DraftState; result: AppendResult }> {
    await this.ensureStarted(dashboardId, user);
    const type = scope === 'all' ? 'DiscardDraft' : 'DiscardMyChanges';
    const result = await this.commands.execute(
      await this.decideCommand(
        dashboardId,
        user,
        { type, actor: actorOf(user), data: { at: now() } },
        this.httpMeta(user),
      ),
    );
    return { state: (await this.load(dashboardId)).state, result };
  }

  /** Brings discarded draft `discard` back as the draft (restore-draft-version.ts reads its layout from the log). */
  async restoreDiscarded(
    dashboardId: number,
    user: CurrentUser,
    discard: number,
  ): Promise<{ state: DraftState; result: AppendResult }> {
    await this.ensureStarted(dashboardId, user);
    const result = await this.commands.execute(
      new RestoreDiscardedDraftCommand(
        dashboardId,
        { discard, at: now() },
        { ...this.httpMeta(user), undoable: false },
      ),
    );
    return { state: (await this.load(dashboardId)).state, result };
  }

  /** Makes version `version` the newest one (restore-draft-version.ts). */
  async restore(
    dashboardId: number,
    user: CurrentUser,
    version: number,
    expectedVersion?: number,
  ): Promise<{ state: DraftState; result: AppendResult }> {
    await this.ensureStarted(dashboardId, user);
    const restore = { at: now(), version, ...(expectedVersion === undefined ? {} : { expectedVersion }) };
    const result = await this.commands.execute(
      new RestoreDraftVersion(dashboardId, restore, { ...this.httpMeta(user), undoable: false }),
    );
    return { state: (await this.load(dashboardId)).state, result };
  }

  /** The saved versions, oldest first, and the names of everyone they mention. */
  async versions(
    dashboardId: number,
  ): Promise<{ state: DraftState; names: UserNames; events: LoadedStream<DraftState>['events'] }> {
    const loaded = await this.load(dashboardId);
    return {
      state: loaded.state,
      events: loaded.events,
      names: await this.names(loaded.state.versions, loaded.state),
    };
  }

  private async names(versions: readonly VersionInfo[], state?: DraftState): Promise<UserNames> {
    const names = await usernames(this.dataSource, actorsOf(versions, state).map(Number));
    return new Map([...names].map(([id, name]) => [String(id), name]));
  }

  private async decideCommand(
    dashboardId: number,
    user: CurrentUser,
    command: DraftCommand,
    meta: DecisionMeta,
  ): Promise<DecideDashboardDraft> {
    const context = await this.layoutContext(command, user);
    // Layout edits are undo steps of their author; saving and discarding never are.
    const undoable = !STAMPED.has(command.type);
    const actorCommand = { ...command, actor: actorOf(user) } as DraftCommand;
    return new DecideDashboardDraft(dashboardId, actorCommand, context, { ...meta, actor: actorOf(user), undoable });
  }

  /**
   * charts-dashboards-reports §5 "no chart definition": whether the chart a CreateComponent places exists for this user. A
   * chart whose dataset they may not read does not: under DASHBOARD_RBAC the dashboard would hand its
   * data to every viewer, so placing it needs the access the editor lacks.
   */
  private async layoutContext(command: DraftCommand, user: CurrentUser): Promise<LayoutContext | undefined> {
    if (command.type !== 'CreateComponent' || command.data.chartId === undefined) return undefined;
    const chartId = command.data.chartId;
    const rows = (await this.dataSource.query(`SELECT datasource_id FROM charts WHERE id = $1`, [chartId])) as {
      datasource_id: number;
    }[];
    const placeable = rows[0] !== undefined && (await this.datasets.get(rows[0].datasource_id, user)) !== null;
    return { chartExists: (id) => id === chartId && placeable };
  }

  private httpMeta(user: CurrentUser): DecisionMeta {
    return user.sessionId ? { actor: actorOf(user), sessionId: user.sessionId } : { actor: actorOf(user) };
  }
}
