import fc from 'fast-check';
import { parseTimeRange } from './parse-time-range';
import { formatDttm, addUnits } from './calendar';
import { evaluateDateExpression } from './date-expression';

const NOW = new Date('2024-03-15T10:30:00Z');
// Whole seconds between 1970 and 2100, the precision 'YYYY-MM-DDTHH:MM:SS' carries.
const instant = fc.integer({ min: 0, max: 4_102_444_800 }).map((s) => new Date(s * 1000));

describe('parseTimeRange properties', () => {
  it('"a : b" with formatted instants gives back exactly a and b when a <= b, and refuses a > b', () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const text = `${formatDttm(a)} : ${formatDttm(b)}`;
        if (a.getTime() > b.getTime()) {
          expect(() => parseTimeRange(text, NOW)).toThrow('From date cannot be larger than to date');
        } else {
          expect(parseTimeRange(text, NOW)).toEqual({ since: a, until: b });
        }
      }),
    );
  });

  it('"Last N days" always spans exactly N days up to midnight today', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), instant, (n, now) => {
        const { since, until } = parseTimeRange(`Last ${n} days`, now);
        expect(until!.getTime() % 86_400_000).toBe(0);
        expect(until!.getTime() - since!.getTime()).toBe(n * 86_400_000);
        expect(until!.getTime()).toBeLessThanOrEqual(now.getTime());
      }),
    );
  });

  it('DATEADD by N days and back by N days returns the start', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -10000, max: 10000 }), (a, n) => {
        const there = evaluateDateExpression(
          `DATEADD(DATEADD(DATETIME("${formatDttm(a)}"), ${n}, day), ${-n}, day)`,
          NOW,
        );
        expect(there).toEqual(a);
        expect(addUnits(a, n, 'week').getTime() - a.getTime()).toBe(n * 7 * 86_400_000);
      }),
    );
  });
});
