import fc from 'fast-check';
import { applyPostProcessing } from './apply';
import type { DataFrame } from './data-frame';

const indexed = (points: [string, number | null][], kind: 'date' | 'ms' | 'iso' = 'date'): DataFrame => ({
  columns: ['__timestamp', 'v'],
  index: ['__timestamp'],
  rows: points.map(([t, v]) => {
    const d = new Date(`${t}Z`);
    return { __timestamp: kind === 'date' ? d : kind === 'ms' ? d.getTime() : t, v };
  }),
});
const resample = (frame: DataFrame, options: Record<string, unknown>) =>
  applyPostProcessing(frame, [{ operation: 'resample', options }]);
const series = (frame: DataFrame) => frame.rows.map((r) => [(r.__timestamp as Date).toISOString().slice(0, 19), r.v]);

// pandas docs: nine one-minute points 0..8 from 2000-01-01 00:00.
const minutes = indexed(Array.from({ length: 9 }, (_, i) => [`2000-01-01T00:0${i}:00`, i] as [string, number]));

describe('resample (pandas DataFrame.resample)', () => {
  it("pandas docs: resample('3min').sum()", () => {
    expect(series(resample(minutes, { rule: '3min', method: 'sum' }))).toEqual([
      ['2000-01-01T00:00:00', 3],
      ['2000-01-01T00:03:00', 12],
      ['2000-01-01T00:06:00', 21],
    ]);
    expect(series(resample(minutes, { rule: '3T', method: 'mean' }))[1]).toEqual(['2000-01-01T00:03:00', 4]);
  });

  const firstFive = (method: string) =>
    series(resample(minutes, { rule: '30S', method }))
      .slice(0, 5)
      .map(([, v]) => v);

  it("pandas docs: upsampling to '30S' with asfreq, ffill, bfill and linear", () => {
    expect(firstFive('asfreq')).toEqual([0, null, 1, null, 2]);
    expect(firstFive('ffill')).toEqual([0, 0, 1, 1, 2]);
    expect(firstFive('bfill')).toEqual([0, 1, 1, 2, 2]);
    expect(firstFive('linear')).toEqual([0, 0.5, 1, 1.5, 2]);
  });

  it('asfreq with fill_value zero-fills the gaps (charts-dashboards-reports §9 rule 1D)', () => {
    const days = indexed([
      ['2020-01-01T00:00:00', 5],
      ['2020-01-04T00:00:00', 7],
    ]);
    expect(series(resample(days, { rule: '1D', method: 'asfreq', fill_value: 0 }))).toEqual([
      ['2020-01-01T00:00:00', 5],
      ['2020-01-02T00:00:00', 0],
      ['2020-01-03T00:00:00', 0],
      ['2020-01-04T00:00:00', 7],
    ]);
  });

  it('with the queried range, zero-filling covers the whole range, not only between data points', () => {
    const days = indexed([['2020-01-02T00:00:00', 5]]);
    const out = resample(days, {
      rule: '1D',
      method: 'asfreq',
      fill_value: 0,
      time_range_start: '2020-01-01',
      time_range_end: '2020-01-04',
    });
    expect(series(out)).toEqual([
      ['2020-01-01T00:00:00', 0],
      ['2020-01-02T00:00:00', 5],
      ['2020-01-03T00:00:00', 0],
    ]);
  });

  it("'1M' buckets by calendar month labelled with the month's last day; 'MS' with its first", () => {
    const points = indexed([
      ['2020-01-15T00:00:00', 1],
      ['2020-01-20T00:00:00', 2],
      ['2020-03-02T00:00:00', 3],
    ]);
    expect(series(resample(points, { rule: '1M', method: 'sum' }))).toEqual([
      ['2020-01-31T00:00:00', 3],
      ['2020-02-29T00:00:00', 0],
      ['2020-03-31T00:00:00', 3],
    ]);
    expect(series(resample(points, { rule: 'MS', method: 'mean' }))).toEqual([
      ['2020-01-01T00:00:00', 1.5],
      ['2020-02-01T00:00:00', null],
      ['2020-03-01T00:00:00', 3],
    ]);
  });

  it("'1AS' buckets by year start, '7D' by weeks from the first day, 'W' by weeks ending Sunday", () => {
    const points = indexed([
      ['2019-06-01T00:00:00', 1],
      ['2021-02-01T00:00:00', 2],
    ]);
    expect(series(resample(points, { rule: '1AS', method: 'sum' }))).toEqual([
      ['2019-01-01T00:00:00', 1],
      ['2020-01-01T00:00:00', 0],
      ['2021-01-01T00:00:00', 2],
    ]);
    const days = indexed([
      ['2024-03-13T10:00:00', 1], // Wednesday
      ['2024-03-17T00:00:00', 2], // Sunday
      ['2024-03-21T00:00:00', 4], // Thursday
    ]);
    expect(series(resample(days, { rule: '7D', method: 'sum' }))).toEqual([
      ['2024-03-13T00:00:00', 3],
      ['2024-03-20T00:00:00', 4],
    ]);
    expect(series(resample(days, { rule: 'W', method: 'sum' }))).toEqual([
      ['2024-03-17T00:00:00', 3],
      ['2024-03-24T00:00:00', 4],
    ]);
  });

  it('keeps the kind of the time values (epoch ms stay numbers)', () => {
    const out = resample(
      indexed(
        [
          ['2020-01-01T00:00:00', 1],
          ['2020-01-01T02:00:00', 2],
        ],
        'ms',
      ),
      { rule: '1H', method: 'asfreq' },
    );
    expect(out.rows).toEqual([
      { __timestamp: Date.UTC(2020, 0, 1, 0), v: 1 },
      { __timestamp: Date.UTC(2020, 0, 1, 1), v: null },
      { __timestamp: Date.UTC(2020, 0, 1, 2), v: 2 },
    ]);
  });

  it('needs a time index, a known method and a known rule', () => {
    expect(() => resample({ columns: ['v'], rows: [{ v: 1 }] }, { rule: '1D', method: 'sum' })).toThrow(
      'Resample operation requires DatetimeIndex',
    );
    expect(() => resample(minutes, { rule: '1D', method: 'max' })).toThrow(
      'Resample method should be in asfreq, bfill, ffill, linear, median, mean, sum.',
    );
    expect(() => resample(minutes, { rule: 'fortnight', method: 'sum' })).toThrow('Invalid resample rule: fortnight');
    const decades = indexed([
      ['2000-01-01T00:00:00', 1],
      ['2020-01-01T00:00:00', 2],
    ]);
    expect(() => resample(decades, { rule: '1T', method: 'asfreq' })).toThrow(
      'Resampling to 1T would give more than 500000 rows',
    );
  });
});

describe('resample properties', () => {
  it('summing into days keeps the total and gives one row per day from the first to the last', () => {
    const point = fc.record({
      minute: fc.integer({ min: 0, max: 10 * 24 * 60 }),
      v: fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 40 }), (points) => {
        const start = Date.UTC(2024, 0, 1);
        const frame: DataFrame = {
          columns: ['t', 'v'],
          index: ['t'],
          rows: points.map((p) => ({ t: start + p.minute * 60_000, v: p.v })),
        };
        const out = resample(frame, { rule: '1D', method: 'sum' });
        const days = points.map((p) => Math.floor(p.minute / 1440));
        expect(out.rows).toHaveLength(Math.max(...days) - Math.min(...days) + 1);
        expect(out.rows.reduce((a, r) => a + (r.v as number), 0)).toBe(points.reduce((a, p) => a + (p.v ?? 0), 0));
        out.rows.forEach((r, i) => expect(r.t).toBe(start + (Math.min(...days) + i) * 86_400_000));
      }),
    );
  });
});
