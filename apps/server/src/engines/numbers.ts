/** Exact numbers from a database's text form: numbers when a double holds them exactly, else the text. */

/** int8: a number while it is a safe integer, else the exact digits. */
export function parseInt8(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

/**
 * numeric: a number when the double prints back to the same value (at most 15 significant digits),
 * else the exact text (money amounts with many digits, NaN, Infinity).
 */
export function parseNumeric(text: string): number | string {
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  const mantissa = text.replace(/^[-+]/, '').replace(/e.*$/i, '');
  // Trailing zeros of a fraction (numeric(30,20) prints 0.10000000000000000000) carry no precision.
  const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
  const digits = trimmed.replace('.', '').replace(/^0+/, '');
  return digits.length <= 15 ? n : text;
}
