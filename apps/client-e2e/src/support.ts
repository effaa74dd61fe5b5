import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** Screenshots and server logs, kept for whoever reads a failure (gitignored). */
export const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** The JSON API of a running server, with an access token (bearer requests need no CSRF token). */
export function jsonApi(baseUrl: string) {
  async function call<T>(method: Method, path: string, token: string | null, body?: unknown): Promise<ApiAnswer<T>> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function token(username: string, password: string): Promise<string> {
    const { status, body } = await call<{ access_token?: string }>('POST', '/api/v1/security/login', null, {
      username,
      password,
      provider: 'db',
    });
    if (status !== 200 || !body.access_token) throw new Error(`login of ${username} answered ${status}`);
    return body.access_token;
  }

  /** The id of an example table's dataset; they are registered once the first start has loaded them. */
  async function datasetId(token: string, tableName: string, timeoutMs = 240_000): Promise<number> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const list = await call<{ result?: { id: number; table_name: string }[] }>(
        'GET',
        '/api/v1/dataset/?q=(page_size:100)',
        token,
      );
      const id = list.body.result?.find((d) => d.table_name === tableName)?.id;
      if (id) return id;
      if (Date.now() > end) throw new Error(`no dataset ${tableName} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }

  return { call, token, datasetId };
}
export type JsonApi = ReturnType<typeof jsonApi>;

/** A new browser context signed in through the login page, as a user does. */
export async function signIn(
  browser: Browser,
  baseUrl: string,
  username: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/**
 * Drags with the mouse in small steps, as @hello-pangea/dnd needs to see a real drag. `grabX` picks the
 * point to grab from the left edge (a list item's text rather than its buttons); the centre otherwise.
 */
export async function dragWithMouse(
  page: Page,
  from: Locator,
  to: Locator,
  options: { grabX?: number; offset?: { x: number; y: number } } = {},
) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const offset = options.offset ?? { x: 0, y: 0 };
  const x = options.grabX === undefined ? a.x + a.width / 2 : a.x + options.grabX;
  await page.mouse.move(x, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(x + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2 + offset.x, b.y + b.height / 2 + offset.y, { steps: 25 });
  await framesDrawn(page);
  await page.mouse.up();
}

/**
 * The page has drawn two frames since now: the drag library handles pointer moves in animation frames,
 * so the last move has reached it (and its drop target) before the button is let go. Frames, not time.
 */
export function framesDrawn(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}
