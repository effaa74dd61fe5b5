import { expandData } from './expand-data';

const col = (name: string, type = 'jsonb') => ({ column_name: name, name, type, type_generic: 1, is_dttm: false });

describe('expandData (expand_data)', () => {
  it('turns the keys of JSON object columns into columns, typed by their values; rows without a key get null', () => {
    const rows: Record<string, unknown>[] = [
      { id: 1, info: { city: 'Paris', pop: 2.1, capital: true } },
      { id: 2, info: { city: 'Lyon', extra: [1, 2] } },
      { id: 3, info: null },
    ];
    const { columns, expanded } = expandData(rows, [col('id', 'integer'), col('info')]);
    expect(expanded.map((c) => [c.name, c.type, c.type_generic])).toEqual([
      ['info.city', 'STRING', 1],
      ['info.pop', 'NUMBER', 0],
      ['info.capital', 'BOOLEAN', 3],
      ['info.extra', 'JSON', 1],
    ]);
    expect(columns.map((c) => c.name)).toEqual(['id', 'info', 'info.city', 'info.pop', 'info.capital', 'info.extra']);
    expect(rows[1]).toEqual({
      id: 2,
      info: { city: 'Lyon', extra: [1, 2] },
      'info.city': 'Lyon',
      'info.pop': null,
      'info.capital': null,
      'info.extra': [1, 2],
    });
    expect(rows[2]).toMatchObject({ 'info.city': null, 'info.extra': null });
  });

  it('changes nothing without object values; never reuses a taken column name', () => {
    const plain = [{ a: 1, b: [1] }];
    expect(expandData(plain, [col('a', 'integer'), col('b')])).toEqual({
      columns: [col('a', 'integer'), col('b')],
      expanded: [],
    });
    const clash = [{ j: { k: 1 }, 'j.k': 'mine' }];
    const { expanded } = expandData(clash, [col('j'), col('j.k', 'text')]);
    expect(expanded.map((c) => c.name)).toEqual(['j.k__1']);
    expect(clash[0]).toMatchObject({ 'j.k': 'mine', 'j.k__1': 1 });
  });
});
