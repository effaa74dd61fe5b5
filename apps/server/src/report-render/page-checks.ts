/**
 * What the renderer asks the page, in the page: whether every chart has settled (the `data-status`
 * the dashboard's charts and Explore's standalone chart carry), and what a PNG's pixels are (Chromium
 * decodes it on a canvas: no PNG library is installed, and this is the same decoder that drew it).
 * These functions run in Chromium (page.evaluate), so they use nothing from their module scope.
 */
import type { Page } from 'playwright-core';

// What these functions use of the page. The server compiles without the DOM library (and must: its
// timers are Node's), so the few page objects are declared here, for this module only.
interface PageElement {
  dataset: Record<string, string | undefined>;
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  matches(selector: string): boolean;
  childNodes: Iterable<{ nodeType: number; textContent: string | null }>;
  getBoundingClientRect(): { bottom: number; width: number; height: number };
}
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    drawImage(image: unknown, x: number, y: number): void;
    getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
  } | null;
}
declare const document: {
  documentElement: { scrollHeight: number };
  body: { innerText: string };
  querySelectorAll(selector: string): Iterable<PageElement> & { length: number };
  createElement(tag: 'canvas'): PageCanvas;
};
declare const window: { scrollY: number; innerHeight: number };
declare const Image: new () => { src: string; naturalWidth: number; naturalHeight: number; decode(): Promise<void> };

export interface ChartOutcome {
  id: string;
  status: string;
  title: string;
  /** The alert the chart shows when it failed (the query's error). */
  alert: string;
}

/** null while any chart is still idle, loading or drawing, or while no chart is on the page yet. */
export function settledCharts(): ChartOutcome[] | null {
  const charts = [...document.querySelectorAll('[data-chart-id][data-status]')];
  const done = new Set(['rendered', 'failed', 'stopped']);
  if (charts.length === 0 || charts.some((c) => !done.has(c.dataset.status ?? ''))) return null;
  return charts.map((c) => ({
    id: c.dataset.chartId ?? '',
    status: c.dataset.status ?? '',
    title: c.getAttribute('aria-label') ?? '',
    alert: (c.querySelector('[role="alert"]')?.textContent ?? '').trim(),
  }));
}

/** How many charts the page shows, settled or not (to say why a wait ran out). */
export function chartCount(): number {
  return document.querySelectorAll('[data-chart-id]').length;
}

/** The start of what the page says, for an error when its charts never came. */
export function pageText(): string {
  return document.body.innerText.replace(/\s+/g, ' ').trim().slice(0, 300);
}

export interface PngPixels {
  width: number;
  height: number;
  /** Share of the pixels that differ from the most common colour (the background). */
  nonBackground: number;
  /** Pixel counts by colour, each channel rounded down to a multiple of 16, as `#rrggbb`. */
  colours: Record<string, number>;
}

/** Decodes a PNG in the page (an about:blank one) and counts its colours. */
export async function pngPixels(page: Page, png: Buffer): Promise<PngPixels> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours: Record<string, number> = {};
    const hex = (v: number) => (v & 0xf0).toString(16).padStart(2, '0');
    for (let i = 0; i < data.length; i += 4) {
      const key = `#${hex(data[i])}${hex(data[i + 1])}${hex(data[i + 2])}`;
      colours[key] = (colours[key] ?? 0) + 1;
    }
    const total = canvas.width * canvas.height;
    const dominant = Math.max(0, ...Object.values(colours));
    return { width: canvas.width, height: canvas.height, nonBackground: total ? 1 - dominant / total : 0, colours };
  }, png.toString('base64'));
}

/** The `#rrggbb` key pngPixels counts a colour under. */
export function colourKey(rgb: string): string {
  const n = Number.parseInt(rgb.replace('#', ''), 16);
  return `#${[16, 8, 0].map((s) => ((n >> s) & 0xf0).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Where the page's content ends, for a PNG or PDF cut to it: the report page fills the window (a dashboard
 * is drawn in a 1600x2000 one), so one short row of charts left most of the image empty. The lowest chart,
 * image, canvas, svg or element with text of its own decides; a page that shows none keeps its full height.
 */
export function contentHeight(): number {
  const full = document.documentElement.scrollHeight;
  let bottom = 0;
  for (const el of document.querySelectorAll('body *')) {
    const drawn = el.matches('[data-chart-id], svg, canvas, img');
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
    if (!drawn && !ownText) continue;
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) bottom = Math.max(bottom, box.bottom + window.scrollY);
  }
  // A margin below the last row, as above the first.
  return bottom === 0 ? full : Math.min(full, Math.ceil(bottom) + 24);
}
