import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi, signIn, type JsonApi } from './support';

/**
 * What a browser spec starts in beforeAll and ends in afterAll: the built server (its log in
 * artifacts/server-<name>.log), Chromium, the admin's API token, and every context signed in through it.
 * stop() ends whatever did start, so a beforeAll that failed half way leaves no server or browser behind.
 */
export class Stage {
  private running?: RunningServer;
  private chromium?: Browser;
  private json?: JsonApi;
  private token?: string;
  private readonly contexts: BrowserContext[] = [];

  constructor(private readonly name: string) {}

  async start(): Promise<{ api: JsonApi; adminToken: string }> {
    this.running = await startStrata(join(ARTIFACTS, `server-${this.name}.log`));
    this.json = jsonApi(this.running.baseUrl);
    this.chromium = await launchChromium();
    this.token = await this.json.token('admin', this.running.adminPassword);
    return { api: this.json, adminToken: this.token };
  }

  get server(): RunningServer {
    return this.started(this.running);
  }
  get browser(): Browser {
    return this.started(this.chromium);
  }
  get api(): JsonApi {
    return this.started(this.json);
  }
  get adminToken(): string {
    return this.started(this.token);
  }

  /** A page in a new browser context signed in as `username`; stop() closes the context. */
  async signIn(username: string, password: string): Promise<Page> {
    const { context, page } = await signIn(this.browser, this.server.baseUrl, username, password);
    this.contexts.push(context);
    return page;
  }

  /** A hand-written query through SQL Lab's API as the admin: what a spec compares the page with. */
  async sql(databaseId: number, text: string): Promise<Record<string, unknown>[]> {
    const clientId = `e2e${Date.now().toString(36)}`.slice(0, 11).padEnd(11, '0');
    const answer = await this.api.call<{ data?: Record<string, unknown>[] }>(
      'POST',
      '/api/v1/sqllab/execute/',
      this.adminToken,
      { database_id: databaseId, client_id: clientId, sql: text, runAsync: false },
    );
    if (answer.status !== 200) throw new Error(`SQL Lab answered ${answer.status} to ${text}`);
    return answer.body.data ?? [];
  }

  async stop(): Promise<void> {
    for (const context of this.contexts) await context.close();
    await this.chromium?.close();
    await this.running?.stop();
  }

  private started<T>(part: T | undefined): T {
    if (part === undefined) throw new Error(`the ${this.name} stage has not started: await start() in beforeAll`);
    return part;
  }
}
