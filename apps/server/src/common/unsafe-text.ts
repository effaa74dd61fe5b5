/**
 * Text no part of Strata can store: PostgreSQL refuses a NUL character in text and jsonb ("invalid byte
 * sequence", "unsupported Unicode escape sequence"), and a lone UTF-16 surrogate (valid in a JSON
 * string as `\ud800`, never valid Unicode) cannot be encoded as UTF-8. Such input reached the database
 * and came back as a 500 with the driver's message; the HTTP shell and the socket gateway refuse it
 * first with this check.
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Bounds the walk of hostile nesting; body-parser already caps the size. */
const MAX_DEPTH = 200;

export const isUnsafeText = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Where in `value` (strings, object keys, array items) the first unsafe text is, as a path like
 * `body.filters.0.value`, or null when there is none.
 */
export function findUnsafeText(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return isUnsafeText(value) ? where : null;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], `${where}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isUnsafeText(key)) return `${where}.${JSON.stringify(key)}`;
    const found = findUnsafeText(item, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export const unsafeTextMessage = (where: string) =>
  `Invalid request: ${where} contains a NUL character or an unpaired UTF-16 surrogate, which cannot be stored.`;
