/**
 * An SVG text's font size from the inline styles on it and its SVG ancestors, as the browser would compute
 * it, without asking the browser (getComputedStyle recalculates the page's styles whenever the DOM changed
 * since: once per label while Highcharts builds a chart).
 *
 * It holds because nothing else sets a font size inside a chart's SVG: Strata's style sheets set colours
 * there, never sizes (theme.css), and SVG elements have no user-agent font sizes. Whatever this cannot
 * decide alone answers `undefined`, and the caller asks the browser: a `font-size` attribute, a unit other
 * than px, em, rem or %, a keyword, or no size given before the SVG ends (an HTML ancestor's size may come
 * from a style sheet).
 */
import type HighchartsNamespace from 'highcharts';

const SIZE = /^(\d*\.?\d+)(px|em|rem|%)$/;
const SVG_NS = 'http://www.w3.org/2000/svg';

let rootFontPx: number | undefined;

export function fontSizesFromInlineStyles(Highcharts: typeof HighchartsNamespace): void {
  // Called as a method of Highcharts' element wrapper and, by fontMetrics, on a DOM element itself.
  Highcharts.wrap(
    Highcharts.SVGElement.prototype,
    'getStyle',
    function (this: { element?: Element } | Element, proceed: (prop: string) => string, prop: string): string {
      if (prop === 'font-size') {
        const element = 'element' in this && this.element ? this.element : (this as Element);
        const px = element instanceof Element ? inlineFontSize(element) : undefined;
        if (px !== undefined) return `${px}px`;
      }
      return proceed.call(this, prop);
    },
  );
  // `rem` sizes need the page's root font size: read once per chart, not once per label.
  Highcharts.wrap(Highcharts.Chart.prototype, 'getContainer', function (this: unknown, proceed: () => void) {
    refreshRootFontSize();
    proceed.call(this);
  });
}

/** Reads the root element's font size (what `rem` is relative to); undefined when the browser gives none. */
export function refreshRootFontSize(): void {
  const size = parseFloat(getComputedStyle(document.documentElement).fontSize);
  rootFontPx = Number.isFinite(size) && size > 0 ? size : undefined;
}

export function inlineFontSize(element: Element): number | undefined {
  let factor = 1;
  for (let node: Element | null = element; node?.namespaceURI === SVG_NS; node = node.parentElement) {
    if (node.hasAttribute('font-size')) return undefined;
    const size = (node as SVGElement).style.fontSize;
    if (!size) continue;
    const match = SIZE.exec(size);
    if (!match) return undefined;
    const value = Number(match[1]);
    switch (match[2]) {
      case 'px':
        return round(factor * value);
      case 'rem':
        return rootFontPx === undefined ? undefined : round(factor * value * rootFontPx);
      case 'em':
        factor *= value;
        break;
      default:
        factor *= value / 100;
    }
  }
  return undefined;
}

/** As the browser reports computed sizes: 0.8em of 14px is 11.2px, not 11.200000000000001px. */
const round = (px: number) => Math.round(px * 1000) / 1000;
