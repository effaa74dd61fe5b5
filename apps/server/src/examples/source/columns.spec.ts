import { planColumns, snakeCase } from './columns';

const plan = async (rows: Record<string, unknown>[], numericStrings = false) =>
  Object.fromEntries((await planColumns(rows, { numericStrings })).map((c) => [c.name, c.type]));

const converted = async (rows: Record<string, unknown>[], numericStrings = false) => {
  const columns = await planColumns(rows, { numericStrings });
  return rows.map((row) => Object.fromEntries(columns.map((c) => [c.name, c.convert(row[c.source])])));
};

describe('snakeCase', () => {
  it.each([
    ['Miles_per_Gallon', 'miles_per_gallon'],
    ['Beak Length (mm)', 'beak_length_mm'],
    ['Cost Total $', 'cost_total'],
    ['IMDB Rating', 'imdb_rating'],
    ['US DVD Sales', 'us_dvd_sales'],
    ['lifeExpect', 'life_expect'],
    ['2nd place', 'c_2nd_place'],
    ['$$$', 'column'],
  ])('%s -> %s', (name, expected) => expect(snakeCase(name)).toBe(expected));
});

describe('planColumns', () => {
  it('types JSON numbers: integers, big integers, fractions', async () => {
    expect(
      await plan([
        { a: 1, b: 3000000000, c: 1.5 },
        { a: -2, b: 1, c: 2 },
      ]),
    ).toEqual({
      a: 'integer',
      b: 'bigint',
      c: 'double precision',
    });
  });

  it('reads numbers in CSV strings, but keeps codes with leading zeros or letters as text', async () => {
    expect(
      await plan(
        [
          { n: '12', f: '0.5', zip: '00501', code: '00M' },
          { n: '-3', f: '2', zip: '10001', code: '4A' },
        ],
        true,
      ),
    ).toEqual({
      n: 'integer',
      f: 'double precision',
      zip: 'text',
      code: 'text',
    });
  });

  it('keeps numeric-looking JSON strings as text', async () => {
    expect(await plan([{ id: '12' }])).toEqual({ id: 'text' });
  });

  it('recognises the date and timestamp formats of the datasets', async () => {
    const rows = [
      { iso: '2012-01-01', slash: '2001/01/01 00:47', named: 'Jan 1 2000', zoned: '2000-01-01T08:00:00.000Z' },
      { iso: '2012-02-29', slash: '2001/12/31 23:59', named: 'Jun 12 1998', zoned: '2000-05-01T07:00:00.000Z' },
    ];
    expect(await plan(rows)).toEqual({ iso: 'date', slash: 'timestamp', named: 'date', zoned: 'timestamptz' });
    expect((await converted(rows))[0]).toEqual({
      iso: '2012-01-01',
      slash: '2001-01-01 00:47:00',
      named: '2000-01-01',
      zoned: '2000-01-01T08:00:00.000Z',
    });
  });

  it('refuses impossible dates, so such a column stays text', async () => {
    expect(await plan([{ d: '2013-02-29' }])).toEqual({ d: 'text' });
    expect(await plan([{ d: 'Feb 30 2000' }])).toEqual({ d: 'text' });
  });

  it('promotes a column mixing dates and timestamps to timestamp', async () => {
    expect(await plan([{ t: '2001-01-01' }, { t: '2001-01-01 10:00' }])).toEqual({ t: 'timestamp' });
  });

  it('falls back to text for mixed kinds and keeps each value readable', async () => {
    const rows = [{ title: 1776 }, { title: 'Jaws' }, { title: null }];
    expect(await plan(rows)).toEqual({ title: 'text' });
    expect(await converted(rows)).toEqual([{ title: '1776' }, { title: 'Jaws' }, { title: null }]);
  });

  it('types an all-null column as text and keeps nulls', async () => {
    expect(await plan([{ x: null }, {}])).toEqual({ x: 'text' });
  });

  it('collects keys that appear only in later rows and de-duplicates snake_case names', async () => {
    expect(await plan([{ 'A b': 1 }, { a_b: 2, later: true }])).toEqual({
      a_b: 'integer',
      a_b_2: 'integer',
      later: 'boolean',
    });
  });
});
