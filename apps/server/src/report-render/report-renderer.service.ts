/**
 * Renders a chart or a dashboard to PNG or PDF the way a person would see it: Chromium opens the real
 * page in report mode, signed in as the report's owner by a render token (auth: ApiTokens.renderToken,
 * minutes long, read-only), waits until every chart on it has rendered or failed, then screenshots or
 * prints it. It never returns a blank image: a failed chart, a page with no chart, or a PNG that is one
 * colour fails the render with an error that says which.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { DashboardView } from '@strata/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import { AppConfig } from '../config/app-config';
import { BrowserPool } from './browser-pool';
import { chartCount, contentHeight, pageText, pngPixels, settledCharts, type ChartOutcome } from './page-checks';
import { reportPagePath, viewportOf, type RenderFormat, type RenderTarget } from './report-page';

export interface RenderRequest {
  target: RenderTarget;
  /** Whose eyes: the page is opened signed in as this user (the report's owner/executor). */
  userId: number;
  format: RenderFormat;
  /** The schedule's custom_width / custom_height; null: Superset's window sizes. */
  width?: number | null;
  height?: number | null;
  /** A dashboard's open tabs, anchor and native filter values (the schedule's dashboard_view). */
  dashboardView?: DashboardView | null;
}

export interface Rendered {
  format: RenderFormat;
  contentType: 'image/png' | 'application/pdf';
  data: Buffer;
  /** The charts as the page reported them, all rendered. */
  charts: ChartOutcome[];
}

/** How long each step of a render may take: no report run can hang on a browser. */
export interface RenderLimits {
  /** SCREENSHOT_LOAD_WAIT (REFERENCE §4.1): the page and all its charts. */
  chartsMs: number;
  navigationMs: number;
  captureMs: number;
  /** The whole render, however its steps went. */
  totalMs: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  chartsMs: 60_000,
  navigationMs: 30_000,
  captureMs: 30_000,
  totalMs: 150_000,
};

/** Injection token: tests on a busy machine give the same steps more time (the deadlines stay). */
export const RENDER_LIMITS = Symbol('RENDER_LIMITS');
/** Below this share of pixels off the background colour, a screenshot is blank. */
export const MIN_NON_BACKGROUND = 0.001;

export class RenderError extends Error {}

@Injectable()
export class ReportRenderer implements OnModuleDestroy {
  private readonly pool = new BrowserPool();

  constructor(
    private readonly tokens: ApiTokens,
    private readonly config: AppConfig,
    @Inject(RENDER_LIMITS) private readonly limits: RenderLimits,
  ) {}

  /** `baseUrl`: where the server answers, default this process on its port (tests listen elsewhere). */
  async render(request: RenderRequest, baseUrl = `http://127.0.0.1:${this.config.port}`): Promise<Rendered> {
    const token = await this.tokens.renderToken(request.userId);
    const viewport = viewportOf(request.target, { width: request.width, height: request.height });
    const url = `${baseUrl}${reportPagePath(request.target, request.dashboardView ?? null)}`;
    return this.pool.run(async (browser) => {
      // The token rides in a header on every request of this context only, never in the URL or a log.
      const context = await browser.newContext({
        viewport,
        extraHTTPHeaders: { 'X-Strata-Render-Token': token },
      });
      let timer: NodeJS.Timeout | undefined;
      try {
        const overall = new Promise<never>((_, fail) => {
          timer = setTimeout(
            () => fail(new RenderError(`The report page took longer than ${this.limits.totalMs / 1000} s to render.`)),
            this.limits.totalMs,
          );
        });
        return await Promise.race([this.capture(context, url, request.format, viewport.width), overall]);
      } finally {
        clearTimeout(timer);
        await context.close().catch(() => undefined);
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
  }

  private async capture(context: BrowserContext, url: string, format: RenderFormat, width: number): Promise<Rendered> {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: this.limits.navigationMs });
    const charts = await waitForCharts(page, this.limits.chartsMs);
    const failed = charts.filter((c) => c.status !== 'rendered');
    if (failed.length > 0) {
      const names = failed.map((c) => `chart ${c.id}${c.title && c.title !== 'Chart' ? ` "${c.title}"` : ''}`);
      const why = failed.map((c) => c.alert).find((a) => a.length > 0);
      throw new RenderError(`The report cannot be sent: ${names.join(', ')} failed${why ? `: ${why}` : ''}.`);
    }
    const height = await page.evaluate(contentHeight);
    if (format === 'PDF') {
      const data = await withTimeout(
        this.limits.captureMs,
        page.pdf({ width: `${width}px`, height: `${height + 1}px`, printBackground: true, pageRanges: '1' }),
        'printing the PDF',
      );
      return { format, contentType: 'application/pdf', data, charts };
    }
    const viewport = page.viewportSize();
    // Cut to the content when it ends inside the window; a longer page is taken whole (it ends where it ends).
    const whole = viewport === null || height >= viewport.height;
    const data = await page.screenshot({
      type: 'png',
      timeout: this.limits.captureMs,
      ...(whole ? { fullPage: true } : { clip: { x: 0, y: 0, width: viewport.width, height } }),
    });
    await assertNotBlank(context, data, this.limits.captureMs);
    return { format, contentType: 'image/png', data, charts };
  }
}

async function waitForCharts(page: Page, waitMs: number): Promise<ChartOutcome[]> {
  try {
    const handle = await page.waitForFunction(settledCharts, undefined, { timeout: waitMs, polling: 250 });
    return (await handle.jsonValue()) as ChartOutcome[];
  } catch (err) {
    if (!(err instanceof Error) || err.name !== 'TimeoutError') throw err;
    const seen = await page.evaluate(chartCount).catch(() => 0);
    const text = await page.evaluate(pageText).catch(() => '');
    const shown = text ? ` The page showed: "${text}"` : '';
    throw new RenderError(
      seen === 0
        ? `No chart appeared on the report page within ${waitMs / 1000} s.${shown}`
        : `Not every chart rendered within ${waitMs / 1000} s.${shown}`,
    );
  }
}

async function assertNotBlank(context: BrowserContext, png: Buffer, captureMs: number): Promise<void> {
  const blank = await context.newPage();
  try {
    const pixels = await withTimeout(captureMs, pngPixels(blank, png), 'checking the screenshot');
    if (pixels.nonBackground < MIN_NON_BACKGROUND)
      throw new RenderError('The screenshot is blank: the charts reported rendered but drew nothing.');
  } finally {
    await blank.close().catch(() => undefined);
  }
}

function withTimeout<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new RenderError(`Timed out ${what}.`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
