import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// PROBLEM: waitFor / findBy* give up after 1 s by default, and on a loaded machine (CI, other jobs on
// the same cores) a debounce, a request to the test server and a render can take longer than that:
// tests then failed for time alone. SOLUTION: they still poll their condition and go on as soon as it
// holds; only the upper bound of that wait is generous. Below jest's testTimeout (jest.config.cjs), so a
// condition that never holds fails with its own message.
configure({ asyncUtilTimeout: 30_000 });

// PROBLEM: jsdom does not expose TextEncoder/TextDecoder, which react-router 7 uses at module load.
// SOLUTION: take Node's implementations. WHEN TO REMOVE: when jest-environment-jsdom provides them.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// PROBLEM: Highcharts 13 calls CSS.supports at load, and jsdom has no CSS object.
// SOLUTION: a CSS.supports that answers "no", so Highcharts takes its fallbacks.
// WHEN TO REMOVE: when jsdom implements CSS.supports.
const cssHolder = globalThis as unknown as { CSS?: { supports?: (...args: string[]) => boolean } };
if (typeof cssHolder.CSS?.supports !== 'function') {
  cssHolder.CSS = { ...(cssHolder.CSS ?? {}), supports: () => false };
}

// PROBLEM: jsdom has no SVG layout, so SVGElement.getBBox is missing and Highcharts computes NaN plot
// sizes (no series paths are drawn). SOLUTION: a box estimated from the text length, enough for
// Highcharts to lay out axes and draw series in tests. WHEN TO REMOVE: when jsdom implements getBBox.
if (typeof window !== 'undefined' && typeof SVGElement !== 'undefined' && !('getBBox' in SVGElement.prototype)) {
  Object.defineProperty(SVGElement.prototype, 'getBBox', {
    configurable: true,
    value(this: SVGElement) {
      const text = this.textContent ?? '';
      return { x: 0, y: 0, width: text.length * 7, height: text ? 14 : 0 };
    },
  });
}
