import { parseJsonArray } from './json-array';

describe('parseJsonArray', () => {
  it('parses what JSON.parse parses, across many small slices', async () => {
    const records = Array.from({ length: 500 }, (_, i) => ({
      i,
      text: `braces } { and [brackets], a comma, a quote \\" ${i}`,
      nested: { list: [i, { deep: `}]${i}` }] },
      none: null,
    }));
    const text = JSON.stringify(records, null, 2);
    expect(await parseJsonArray(text, 64)).toEqual(JSON.parse(text));
  });

  it('handles an empty array and surrounding whitespace', async () => {
    expect(await parseJsonArray('  [ ]\n')).toEqual([]);
  });

  it('rejects a truncated array', async () => {
    await expect(parseJsonArray('[{"a":1},{"a":')).rejects.toThrow(SyntaxError);
  });

  it('rejects text that is not an array', async () => {
    await expect(parseJsonArray('{"a":1}')).rejects.toThrow('Expected a JSON array');
  });

  it('lets timers run while it parses a large file', async () => {
    const text = JSON.stringify(
      Array.from({ length: 200000 }, (_, k) => ({ delay: k % 90, distance: k, time: k / 7 })),
    );
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const rows = await parseJsonArray(text, 64 * 1024);
    clearInterval(timer);
    expect(rows).toHaveLength(200000);
    expect(ticks).toBeGreaterThan(5);
  });
});
