/**
 * The shared draft of a dashboard (stream `dashboard-draft:<id>`, libs/domain dashboard/session): opened
 * once from the dashboard's saved layout, then edited by everyone in edit mode over the socket, saved,
 * discarded and restored over REST or the socket. Handlers load, decide, append; a save or restore also
 * appends `dashboard/layoutPublished` to `dashboard:<id>` in the same transaction (DashboardsService
 * .publishLayout), so the dashboards module's fold and read model know every saved layout.
 */
import { Injectable } from '@nestjs/common';
import {
  draftDecider,
  DraftErrorCode,
  draftStreamId,
  parseDraftCommand,
  parsePositionJson,
  type DraftCommand,
  type DraftEvent,
  type DraftState,
  type LayoutContext,
  type VersionInfo,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { EventStore, VersionConflictError, type AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta, type LoadedStream } from '../event-store/load-decide-append';
import { DashboardsService } from '../dashboards/dashboards.service';
import { historyMarker, parseHistoryCommand, type HistoryCommand } from './draft-history';
import { actorsOf, layoutOfVersion, type UserNames } from './draft-versions';

/** How often a command decided against the latest draft is retried when another editor appended first. */
const CONCURRENT_RETRIES = 8;

const actorOf = (user: CurrentUser) => String(user.id);
const now = () => new Date().toISOString();

@Injectable()
export class DraftService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly runner: DecisionRunner,
    private readonly dashboards: DashboardsService,
  ) {}

  /**
   * Opens the draft at the dashboard's saved layout as version 1 if nobody has yet. Idempotent and safe
   * against two editors opening at once (the loser of the race finds it open).
   */
  async ensureStarted(dashboardId: number, user: CurrentUser): Promise<void> {
    const stream = draftStreamId(dashboardId);
    if ((await this.store.streamVersion(stream)) > 0) return;
    const rows = (await this.dataSource.query(`SELECT position_json FROM dashboards WHERE id = $1`, [dashboardId])) as { position_json: unknown }[];
    if (!rows[0]) throw new DomainError('dashboard_not_found', 'Dashboard not found.');
    const parsed = parsePositionJson(rows[0].position_json);
    if (!parsed.ok) throw new DomainError(DraftErrorCode.INVALID_LAYOUT, `The saved layout of this dashboard can not be edited: ${parsed.problems.slice(0, 3).join('; ')}`);
    const command: DraftCommand = { type: 'StartDraft', actor: actorOf(user), data: { dashboardId, version: 1, layout: parsed.layout, at: now() } };
    try {
      await this.runner.loadDecideAppend(stream, draftDecider, command, undefined, { actor: actorOf(user), sessionId: user.sessionId, undoable: false });
    } catch (error) {
      const raced = error instanceof VersionConflictError || (error instanceof DomainError && error.code === DraftErrorCode.ALREADY_STARTED);
      if (!raced) throw error;
    }
  }

  load(dashboardId: number): Promise<LoadedStream<DraftState>> {
    return this.runner.load(draftStreamId(dashboardId), draftDecider);
  }

  /**
   * A client's command (`{type, data}` from the socket): a layout edit, Save, Discard, Undo or Redo, in
   * the user's name. Bad payloads are DomainErrors (socket `invalid`), never crashes.
   */
  async command(dashboardId: number, user: CurrentUser, command: { type: string; data: unknown }, meta: DecisionMeta): Promise<AppendResult> {
    await this.ensureStarted(dashboardId, user);
    const history = parseHistoryCommand(command);
    if (history) return this.withRetry(meta, () => this.appendHistory(dashboardId, user, history, meta));
    if (command.type === 'Undo' || command.type === 'Redo') throw new DomainError('invalid_command', `${command.type} takes at most a batchId.`);
    // Times come from the server's clock, never from a client.
    const data = command.type === 'SaveDraft' || command.type === 'DiscardDraft' ? { ...(command.data as object), at: now() } : command.data;
    const parsed = parseDraftCommand({ type: command.type, data }, actorOf(user));
    if (!parsed.ok) throw new DomainError('invalid_command', `Invalid ${command.type}: ${parsed.problems.join('; ')}`);
    return this.decide(dashboardId, user, parsed.command, meta);
  }

  async save(dashboardId: number, user: CurrentUser, expectedVersion?: number): Promise<{ state: DraftState; result: AppendResult }> {
    await this.ensureStarted(dashboardId, user);
    const data = expectedVersion === undefined ? { at: now() } : { at: now(), expectedVersion };
    const result = await this.decide(dashboardId, user, { type: 'SaveDraft', actor: actorOf(user), data }, this.httpMeta(user));
    return { state: (await this.load(dashboardId)).state, result };
  }

  async discard(dashboardId: number, user: CurrentUser): Promise<{ state: DraftState; result: AppendResult }> {
    await this.ensureStarted(dashboardId, user);
    const result = await this.decide(dashboardId, user, { type: 'DiscardDraft', actor: actorOf(user), data: { at: now() } }, this.httpMeta(user));
    return { state: (await this.load(dashboardId)).state, result };
  }

  /** Makes version `version` the newest one; its layout is read from the log, never taken from a client. */
  async restore(dashboardId: number, user: CurrentUser, version: number, expectedVersion?: number): Promise<{ state: DraftState; result: AppendResult }> {
    await this.ensureStarted(dashboardId, user);
    // expectedVersion is the saved version the caller saw (checked by decide); a concurrent layout edit is
    // no reason to refuse, so the append is retried on the newer stream.
    const result = await this.withRetry({}, () =>
      this.appendAndPublish(dashboardId, user, { ...this.httpMeta(user), undoable: false }, (loaded) => {
        const layout = layoutOfVersion(loaded.events, version);
        if (!layout) throw new DomainError(DraftErrorCode.VERSION_UNKNOWN, `Version ${version} of this dashboard does not exist.`);
        const data = { at: now(), version, layout, ...(expectedVersion === undefined ? {} : { expectedVersion }) };
        return draftDecider.decide({ type: 'RestoreVersion', actor: actorOf(user), data }, loaded.state, undefined);
      }),
    );
    return { state: (await this.load(dashboardId)).state, result };
  }

  /** The saved versions, oldest first, and the names of everyone they mention. */
  async versions(dashboardId: number): Promise<{ state: DraftState; names: UserNames; events: LoadedStream<DraftState>['events'] }> {
    const loaded = await this.load(dashboardId);
    return { state: loaded.state, events: loaded.events, names: await this.names(loaded.state.versions) };
  }

  private async names(versions: readonly VersionInfo[]): Promise<UserNames> {
    const ids = actorsOf(versions).map(Number).filter(Number.isSafeInteger);
    const rows = ids.length === 0 ? [] : ((await this.dataSource.query(`SELECT id, username FROM users WHERE id = ANY($1::int[])`, [ids])) as { id: number; username: string }[]);
    return new Map(rows.map((r) => [String(r.id), r.username]));
  }

  private async decide(dashboardId: number, user: CurrentUser, command: DraftCommand, meta: DecisionMeta): Promise<AppendResult> {
    const context = await this.layoutContext(command);
    // Layout edits are undo steps of their author; saving and discarding never are.
    const undoable = command.type !== 'SaveDraft' && command.type !== 'DiscardDraft';
    const actorCommand = { ...command, actor: actorOf(user) } as DraftCommand;
    return this.withRetry(meta, () => this.appendAndPublish(dashboardId, user, { ...meta, actor: actorOf(user), undoable }, (loaded) => draftDecider.decide(actorCommand, loaded.state, context)));
  }

  /**
   * Load, decide, append on the draft; when the events save or restore a version, the dashboard gets
   * `dashboard/layoutPublished` in the same transaction (both appends commit or neither does).
   */
  private async appendAndPublish(dashboardId: number, user: CurrentUser, meta: DecisionMeta, decide: (loaded: LoadedStream<DraftState>) => DraftEvent[]): Promise<AppendResult> {
    const stream = draftStreamId(dashboardId);
    const { commandId, expectedVersion, ...appendMeta } = meta;
    // A retried command that already committed returns its first result (see DecisionRunner).
    if (commandId !== undefined) {
      const earlier = await this.store.findCommand(stream, commandId);
      if (earlier) return earlier;
    }
    return this.dataSource.transaction(async (tx) => {
      // Read in the transaction: on the embedded PGlite a read on another connection would wait for it.
      const loaded = await this.runner.load(draftStreamId(dashboardId), draftDecider, tx);
      if (expectedVersion !== undefined && expectedVersion !== loaded.version) throw new VersionConflictError(stream, expectedVersion, loaded.version);
      const events = decide(loaded);
      const result = await this.store.append(stream, events, { tx, expectedVersion: loaded.version, commandId, meta: appendMeta });
      if (result.duplicate) return result;
      for (const event of events) {
        if (event.type === 'dashboard/draftSaved') await this.dashboards.publishLayout(tx, dashboardId, event.data.layout, event.data.version, 'save', user);
        if (event.type === 'dashboard/versionRestored') await this.dashboards.publishLayout(tx, dashboardId, event.data.layout, event.data.version, 'restore', user);
      }
      return result;
    });
  }

  /**
   * Editors send commands "against the latest draft" (no expectedVersion): when another editor's command
   * commits between our load and append, decide again on the newer draft instead of refusing a
   * perfectly good edit. A client that names the version it decided against gets the conflict.
   */
  private async withRetry(meta: Pick<DecisionMeta, 'expectedVersion'>, attempt: () => Promise<AppendResult>): Promise<AppendResult> {
    for (let i = 0; ; i += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof VersionConflictError) || meta.expectedVersion !== undefined || i >= CONCURRENT_RETRIES) throw error;
      }
    }
  }

  private async appendHistory(dashboardId: number, user: CurrentUser, command: HistoryCommand, meta: DecisionMeta): Promise<AppendResult> {
    const stream = draftStreamId(dashboardId);
    const { commandId, expectedVersion, ...appendMeta } = meta;
    if (commandId !== undefined) {
      const earlier = await this.store.findCommand(stream, commandId);
      if (earlier) return earlier;
    }
    const entries = await this.store.readStream(stream);
    const version = entries.at(-1)?.version ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== version) throw new VersionConflictError(stream, expectedVersion, version);
    const marker = historyMarker(entries, actorOf(user), command);
    // A marker is never itself an undo step.
    return this.store.append(stream, [marker], { expectedVersion: version, commandId, meta: { ...appendMeta, actor: actorOf(user), undoable: false } });
  }

  /** spec §5 "no chart definition": whether the chart a CreateComponent places exists. */
  private async layoutContext(command: DraftCommand): Promise<LayoutContext | undefined> {
    if (command.type !== 'CreateComponent' || command.data.chartId === undefined) return undefined;
    const chartId = command.data.chartId;
    const rows = (await this.dataSource.query(`SELECT 1 FROM charts WHERE id = $1`, [chartId])) as unknown[];
    const exists = rows.length > 0;
    return { chartExists: (id) => id === chartId && exists };
  }

  private httpMeta(user: CurrentUser): DecisionMeta {
    return user.sessionId ? { actor: actorOf(user), sessionId: user.sessionId } : { actor: actorOf(user) };
  }
}
