/**
 * Every Highcharts chart adds a <style> of its colour variables to the page, and for a chart on the default
 * palette that is the same text, set on `:root`: each one made the browser re-read the page's style sheets
 * and recalculate the style of the whole page. Charts on the default palette (all of Strata's: a chart's
 * colours come from its `colors`, not from a palette) share one such <style> in the document's head; a
 * chart with a palette of its own still adds its own.
 */
import type HighchartsNamespace from 'highcharts';

interface PaletteInternals {
  options: object;
  injectCSS(options: object): void;
}

export function sharePaletteStyle(Highcharts: typeof HighchartsNamespace): void {
  if (typeof document === 'undefined') return;
  // Highcharts' palette class is not exported: a renderer made once, off the page, gives it, with the
  // style Highcharts writes for the default palette and the options that stand for that palette.
  const probe = new Highcharts.SVGRenderer(document.createElement('div'), 1, 1);
  const palette = (probe as unknown as { palette?: PaletteInternals }).palette;
  const css = probe.defs.element.querySelector('style.highcharts-palette')?.textContent;
  probe.destroy();
  if (palette === undefined || !css) return;
  const defaults = JSON.stringify(palette.options);
  let shared: HTMLStyleElement | undefined;
  Highcharts.wrap(
    Object.getPrototypeOf(palette) as PaletteInternals,
    'injectCSS',
    function (this: PaletteInternals, proceed: (options: object) => void, options: object) {
      if (JSON.stringify(options) !== defaults) return proceed.call(this, options);
      if (shared?.isConnected) return;
      shared = document.createElement('style');
      shared.className = 'highcharts-palette';
      shared.textContent = css;
      document.head.append(shared);
    },
  );
}
