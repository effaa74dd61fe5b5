import { formatMessage } from './format';

describe('formatMessage', () => {
  it('sqllab-and-platform §5: a %s template gets its argument (Value cannot exceed %s)', () => {
    expect(formatMessage('Value cannot exceed %s', 10)).toBe('Value cannot exceed 10');
  });

  it('sqllab-and-platform §8: several placeholders are filled in order', () => {
    expect(formatMessage('Sorry, there was an error saving this %s: %s', 'chart', 'Forbidden')).toBe(
      'Sorry, there was an error saving this chart: Forbidden',
    );
  });

  it('keeps a placeholder that has no argument visible', () => {
    expect(formatMessage('a %s b %s', 1)).toBe('a 1 b %s');
  });
});
