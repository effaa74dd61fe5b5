import { validateControl, validateInteger, validateMaxValue, validateNonEmpty } from './validators';

describe('control validation (sqllab-and-platform §5)', () => {
  it.each([3, '3', ' 42 ', -7, '0'])('sqllab-and-platform §5: integer rule accepts %p', (value) => {
    expect(validateInteger(value)).toBeNull();
  });

  it.each([1.5, '1.5', 'abc', '12px', NaN, Infinity, true, {}])(
    "sqllab-and-platform §5: integer rule says 'is expected to be an integer' for %p",
    (value) => {
      expect(validateInteger(value)).toBe('is expected to be an integer');
    },
  );

  it('sqllab-and-platform §5: maximum rule says "Value cannot exceed %s" with the maximum', () => {
    const max100 = validateMaxValue(100);
    expect(max100(101)).toBe('Value cannot exceed 100');
    expect(max100('250')).toBe('Value cannot exceed 100');
    expect(max100(100)).toBeNull();
    expect(max100('7')).toBeNull();
  });

  it.each([null, undefined, '', []])(
    "sqllab-and-platform §5: non-empty rule says 'cannot be empty' for %p",
    (value) => {
      expect(validateNonEmpty(value)).toBe('cannot be empty');
    },
  );

  it.each([0, false, ' ', ['a'], 'x', {}])('sqllab-and-platform §5: non-empty rule accepts %p', (value) => {
    expect(validateNonEmpty(value)).toBeNull();
  });

  it('a control collects every message of its validators, in order', () => {
    expect(validateControl('', [validateNonEmpty, validateInteger])).toEqual(['cannot be empty']);
    expect(validateControl('2000.5', [validateNonEmpty, validateInteger, validateMaxValue(1000)])).toEqual([
      'is expected to be an integer',
      'Value cannot exceed 1000',
    ]);
    expect(validateControl('10', [validateNonEmpty, validateInteger, validateMaxValue(1000)])).toEqual([]);
  });
});
