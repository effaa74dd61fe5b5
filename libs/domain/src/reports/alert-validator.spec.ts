import { alertTriggered } from './alert-validator';

describe('alert validator: does the value trigger the alert?', () => {
  it("'not null' triggers on any value but NULL, zero and NaN", () => {
    const notNull = { type: 'not null' } as const;
    expect(alertTriggered(notNull, 3)).toBe(true);
    expect(alertTriggered(notNull, -1)).toBe(true);
    expect(alertTriggered(notNull, 0)).toBe(false);
    expect(alertTriggered(notNull, null)).toBe(false);
    expect(alertTriggered(notNull, Number.NaN)).toBe(false);
  });

  it.each([
    ['>', 11, true],
    ['>', 10, false],
    ['>=', 10, true],
    ['<', 9, true],
    ['<', 10, false],
    ['<=', 10, true],
    ['==', 10, true],
    ['==', 10.5, false],
    ['!=', 10.5, true],
    ['!=', 10, false],
  ] as const)('%s 10 with the value %d: %s', (op, value, triggered) => {
    expect(alertTriggered({ type: 'operator', op, threshold: 10 }, value)).toBe(triggered);
  });

  it('an operator reads NULL as 0, as Superset does', () => {
    expect(alertTriggered({ type: 'operator', op: '<', threshold: 1 }, null)).toBe(true);
    expect(alertTriggered({ type: 'operator', op: '>', threshold: 10 }, null)).toBe(false);
  });

  it('the issue’s alert: 57 delayed flights against > 10 triggers, against > 1e9 does not', () => {
    expect(alertTriggered({ type: 'operator', op: '>', threshold: 10 }, 57)).toBe(true);
    expect(alertTriggered({ type: 'operator', op: '>', threshold: 1e9 }, 57)).toBe(false);
  });
});
