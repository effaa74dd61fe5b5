/**
 * One headless Chromium for all renders, started on the first one and closed with the server; at most
 * RENDER_CONCURRENCY pages at a time (each chart page queries and draws: two cores go fast). A browser
 * that crashed or was closed is started again on the next render.
 */
import { chromium, type Browser } from 'playwright-core';
import { ConcurrencyLimit } from '../auth/concurrency-limit';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const RENDER_CONCURRENCY = 2;
const LAUNCH_TIMEOUT_MS = 30_000;

export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private readonly limit = new ConcurrencyLimit(RENDER_CONCURRENCY);

  /** Runs `task` with the browser when a slot is free. */
  run<T>(task: (browser: Browser) => Promise<T>): Promise<T> {
    return this.limit.run(async () => task(await this.current()));
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private async current(): Promise<Browser> {
    const live = this.browser ? await this.browser.catch(() => null) : null;
    if (live?.isConnected()) return live;
    this.browser = launch();
    return this.browser.catch((err: unknown) => {
      this.browser = null;
      throw err;
    });
  }
}

/** Debian's Chromium with the flags the e2e tests use (apps/client-e2e/src/chromium.ts): no background traffic. */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    timeout: LAUNCH_TIMEOUT_MS,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
