/**
 * A real server for the edit-session specs: auth, realtime, dashboards and drafts on a fresh PostgreSQL,
 * four users (alice and bob co-own the dashboards made here, carol may write dashboards but owns none of
 * them, dora has no can_write on Dashboard), real socket.io clients and bearer-token HTTP.
 */
import type { Type } from '@nestjs/common';
import { draftDecider, GRID_ID, type DraftState } from '@strata/domain';
import { foldEntries, PROTOCOL_VERSION, type Envelope, type ServerMessage } from '@strata/events';
import { connect, type TestClient } from '../../../test/realtime/realtime-test-app';
import { UsersService } from '../../auth/users/users.service';
import { DashboardsModule } from '../../dashboards/dashboards.module';
import { EventStore } from '../../event-store/event-store.port';
import { RealtimeModule } from '../../realtime/realtime.module';
import { bearerToken, createAuthTestApp, HttpClient, type AuthTestApp } from '../../testing/auth-test-app';
import { DashboardDraftsModule } from '../dashboard-drafts.module';

export type Subscribed = Extract<ServerMessage, { type: 'subscribed' }>;
export type Ack = Extract<ServerMessage, { type: 'ack' }>;
export type Presence = Extract<ServerMessage, { type: 'presence' }>;
type Events = Extract<ServerMessage, { type: 'events' }>;
export type Who = 'alice' | 'bob' | 'carol' | 'dora';

export const streamOf = (dashboardId: number) => `dashboard-draft:${dashboardId}`;
export const markdown = (id: string, index = 99) => ({
  id,
  componentType: 'MARKDOWN',
  destination: { parentId: GRID_ID, index },
  rowId: `ROW-${id}`,
});
export const divider = (id: string, index = 99) => ({
  id,
  componentType: 'DIVIDER',
  destination: { parentId: GRID_ID, index },
});

/** Every event `c` received live on the draft after its catch-up, in order. */
export const live = (c: TestClient, dashboardId: number): Envelope[] =>
  c.received
    .filter((m): m is Events => m.type === 'events' && m.stream === streamOf(dashboardId))
    .flatMap((m) => m.events);

export async function eventually(check: () => boolean, what: string): Promise<void> {
  // Generous: a loaded machine is slow, not failing.
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export class DraftTestKit {
  readonly tokens = {} as Record<Who, string>;
  readonly ids = {} as Record<Who, number>;
  private readonly open: TestClient[] = [];
  private seq = 0;

  private constructor(readonly server: AuthTestApp) {}

  /** `extraModules`: features read beside the session (object-history's dashboard history). */
  static async start(extraModules: Type[] = []): Promise<DraftTestKit> {
    const kit = new DraftTestKit(
      await createAuthTestApp({
        extraModules: [RealtimeModule, DashboardsModule, DashboardDraftsModule, ...extraModules],
      }),
    );
    const users = kit.server.app.get(UsersService);
    const roles: Record<Who, string[]> = { alice: ['Gamma'], bob: ['Gamma'], carol: ['Gamma'], dora: ['sql_lab'] };
    for (const who of Object.keys(roles) as Who[]) {
      kit.ids[who] = (
        await users.createUser({ username: who, password: `${who}-password`, roles: roles[who] }, 'system')
      ).id;
      kit.tokens[who] = await bearerToken(kit.server.url, who, `${who}-password`);
    }
    return kit;
  }

  api(who: Who) {
    const http = new HttpClient(this.server.url);
    const auth = { authorization: `Bearer ${this.tokens[who]}` };
    return {
      get: (path: string) => http.get(path, auth),
      post: (path: string, body?: unknown) => http.post(path, body, auth),
    };
  }

  store(): EventStore {
    return this.server.app.get(EventStore);
  }

  /** The draft as the server folds it from the log. */
  async draftOf(dashboardId: number): Promise<DraftState> {
    return foldEntries(draftDecider, await this.store().readStream(streamOf(dashboardId)));
  }

  /** A dashboard alice owns with bob. */
  async newDashboard(title: string): Promise<number> {
    const res = await this.api('alice').post('/api/v1/dashboard/', { dashboard_title: title, owners: [this.ids.bob] });
    if (res.status !== 201) throw new Error(`creating a dashboard failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  }

  async socket(who: Who): Promise<TestClient> {
    const c = await connect(this.server.url, { token: this.tokens[who], sessionId: `${who}-tab` });
    this.open.push(c);
    return c;
  }

  /** A socket of `who` subscribed to the draft; resolves with the catch-up. */
  async editor(who: Who, dashboardId: number, fromVersion = 0): Promise<{ c: TestClient; caughtUp: Subscribed }> {
    const c = await this.socket(who);
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: streamOf(dashboardId), fromVersion });
    const caughtUp = await c.next<Subscribed>((m) => m.type === 'subscribed' || m.type === 'error');
    return { c, caughtUp };
  }

  /** Sends a command on the draft and waits for its ack. */
  async send(
    c: TestClient,
    dashboardId: number,
    type: string,
    data: unknown,
    extra: Record<string, unknown> = {},
  ): Promise<Ack> {
    const clientSeq = (this.seq += 1);
    c.send({
      type: 'command',
      stream: streamOf(dashboardId),
      clientSeq,
      commandId: `cmd-${clientSeq}`,
      batchId: `batch-${clientSeq}`,
      command: { type, data },
      ...extra,
    });
    return c.next<Ack>((m) => m.type === 'ack' && m.clientSeq === clientSeq);
  }

  closeSockets(): void {
    for (const c of this.open.splice(0)) c.close();
  }

  async close(): Promise<void> {
    this.closeSockets();
    await this.server.close();
  }
}
