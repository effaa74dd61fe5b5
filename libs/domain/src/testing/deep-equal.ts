/**
 * Structural equality for plain data (events, states, commands): the only values a decider handles.
 * The testing entry is compiled into the library, which has no Jest types, so it cannot use `expect`.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  // `undefined` members count as absent, as they would after a JSON round trip over the wire.
  const aKeys = Object.keys(aRecord).filter((k) => aRecord[k] !== undefined);
  const bKeys = Object.keys(bRecord).filter((k) => bRecord[k] !== undefined);
  return aKeys.length === bKeys.length && aKeys.every((k) => deepEqual(aRecord[k], bRecord[k]));
}

/** Freezes a value and everything it holds, so a decider that mutates its input fails loudly. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

export function show(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}
