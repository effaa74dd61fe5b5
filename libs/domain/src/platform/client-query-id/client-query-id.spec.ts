import { CLIENT_QUERY_ID_LENGTH, isClientQueryId, newClientQueryId } from './client-query-id';

describe('client query id (sqllab-and-platform §5, §9)', () => {
  it('sqllab-and-platform §9: client query id length 11', () => {
    expect(CLIENT_QUERY_ID_LENGTH).toBe(11);
    expect(newClientQueryId(new Uint8Array(11).fill(200))).toHaveLength(11);
  });

  it('sqllab-and-platform §5: the generated id passes the validator, whatever the random bytes', () => {
    const ids = new Set<string>();
    for (let byte = 0; byte < 256; byte += 1) {
      const id = newClientQueryId(new Array(11).fill(byte));
      expect(isClientQueryId(id)).toBe(true);
      ids.add(id);
    }
    // 64 symbols, each reached: no byte value is wasted or favoured.
    expect(ids.size).toBe(64);
  });

  it('the id is a function of the bytes given: same bytes, same id; other bytes, other id', () => {
    const a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    expect(newClientQueryId(a)).toBe(newClientQueryId([...a]));
    expect(newClientQueryId(a)).not.toBe(newClientQueryId([...a.slice(0, 10), 12]));
  });

  it('refuses fewer than 11 random bytes', () => {
    expect(() => newClientQueryId([1, 2, 3])).toThrow(RangeError);
  });

  it.each(['', 'abc', 'abcdefghijkl', 'abcdefghij!', 'abc defghij', 42, null])(
    'sqllab-and-platform §5: %p is not a client query id',
    (value) => {
      expect(isClientQueryId(value)).toBe(false);
    },
  );

  it('sqllab-and-platform §5: exactly 11 URL-safe characters is a client query id', () => {
    expect(isClientQueryId('V1StGXR8_Z5')).toBe(true);
    expect(isClientQueryId('a-b_c-D_e-F')).toBe(true);
  });
});
