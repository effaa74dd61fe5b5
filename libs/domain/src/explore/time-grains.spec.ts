import fc from 'fast-check';
import { DEFAULT_TIME_GRAIN_VALUE, isTimeGrain, TIME_GRAINS, timeGrainLabel, truncateToTimeGrain } from './time-grains';

// Wednesday 2024-03-13 14:47:38.5 UTC
const T = new Date('2024-03-13T14:47:38.500Z');
const at = (grain: Parameters<typeof truncateToTimeGrain>[1]) => truncateToTimeGrain(T, grain).toISOString();

describe('time grains', () => {
  it('charts-dashboards-reports §9: choices run from seconds to a year and the default is P1D', () => {
    const grains = TIME_GRAINS.map((g) => g.grain);
    expect(grains).toEqual(
      expect.arrayContaining([
        'PT1S',
        'PT5S',
        'PT1M',
        'PT5M',
        'PT10M',
        'PT15M',
        'PT30M',
        'PT1H',
        'P1D',
        'P1W',
        'P1M',
        'P3M',
        'P1Y',
      ]),
    );
    expect(DEFAULT_TIME_GRAIN_VALUE).toBe('P1D');
    expect(timeGrainLabel('P3M')).toBe('Quarter');
    expect(isTimeGrain('P1D')).toBe(true);
    expect(isTimeGrain('P2D')).toBe(false);
    expect(isTimeGrain(null)).toBe(false);
  });

  it.each([
    ['PT1S', '2024-03-13T14:47:38.000Z'],
    ['PT5S', '2024-03-13T14:47:35.000Z'],
    ['PT30S', '2024-03-13T14:47:30.000Z'],
    ['PT1M', '2024-03-13T14:47:00.000Z'],
    ['PT5M', '2024-03-13T14:45:00.000Z'],
    ['PT10M', '2024-03-13T14:40:00.000Z'],
    ['PT15M', '2024-03-13T14:45:00.000Z'],
    ['PT30M', '2024-03-13T14:30:00.000Z'],
    ['PT1H', '2024-03-13T14:00:00.000Z'],
    ['PT6H', '2024-03-13T12:00:00.000Z'],
    ['P1D', '2024-03-13T00:00:00.000Z'],
    ['P1W', '2024-03-11T00:00:00.000Z'],
    ['P1M', '2024-03-01T00:00:00.000Z'],
    ['P3M', '2024-01-01T00:00:00.000Z'],
    ['P1Y', '2024-01-01T00:00:00.000Z'],
    ['1969-12-28T00:00:00Z/P1W', '2024-03-10T00:00:00.000Z'],
    ['1969-12-29T00:00:00Z/P1W', '2024-03-11T00:00:00.000Z'],
    ['P1W/1970-01-03T00:00:00Z', '2024-03-16T00:00:00.000Z'],
    ['P1W/1970-01-04T00:00:00Z', '2024-03-17T00:00:00.000Z'],
  ] as const)('%s buckets a Wednesday afternoon at %s', (grain, iso) => {
    expect(at(grain)).toBe(iso);
  });

  it('week starting Sunday keeps a Sunday in its own week', () => {
    expect(truncateToTimeGrain(new Date('2024-03-17T05:00:00Z'), '1969-12-28T00:00:00Z/P1W').toISOString()).toBe(
      '2024-03-17T00:00:00.000Z',
    );
    expect(truncateToTimeGrain(new Date('2024-03-16T05:00:00Z'), 'P1W/1970-01-03T00:00:00Z').toISOString()).toBe(
      '2024-03-16T00:00:00.000Z',
    );
  });

  it('truncation is idempotent and never moves a point forward (except week-ending labels)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.constantFrom(...TIME_GRAINS.map((g) => g.grain)),
        (ms, grain) => {
          const once = truncateToTimeGrain(new Date(ms), grain);
          expect(truncateToTimeGrain(once, grain)).toEqual(once);
          if (!grain.startsWith('P1W/')) expect(once.getTime()).toBeLessThanOrEqual(ms);
        },
      ),
    );
  });
});
