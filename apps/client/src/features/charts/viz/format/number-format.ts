import { formatLocale } from 'd3-format';
import type { CurrencyFormat } from '../shared/types';

export type NumberFormatter = (value: number | null | undefined) => string;

export const SMART_NUMBER = 'SMART_NUMBER';
export const SMART_NUMBER_SIGNED = 'SMART_NUMBER_SIGNED';
export const DURATION = 'DURATION';

// en-US with an ASCII minus: d3's default U+2212 minus breaks copy-paste into spreadsheets and search.
const d3Format = formatLocale({ decimal: '.', thousands: ',', grouping: [3], currency: ['$', ''], minus: '-' }).format;

const si = d3Format('.3~s');
const twoDecimals = d3Format('.2~f');
const fourDecimals = d3Format('.4~f');

/**
 * The adaptive default (charts-dashboards-reports §9 "Default Y-axis format ... adaptive"): short SI units for large values,
 * more decimals for small ones. 'G' reads as billion to BI users, so it is spelled 'B'.
 */
function smartNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1000) return si(value).replace('G', 'B');
  if (abs >= 1) return twoDecimals(value);
  if (abs >= 0.001) return fourDecimals(value);
  if (abs > 0.000001) return `${si(value * 1_000_000)}µ`;
  return si(value);
}

/** Milliseconds as '1d 2h 3m 4.5s', the way durations read in reports. */
function duration(ms: number): string {
  if (ms === 0) return '0ms';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) return `${sign}${twoDecimals(rest)}ms`;
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  if (rest > 0) parts.push(`${twoDecimals(rest / 1000)}s`);
  return sign + parts.join(' ');
}

const cache = new Map<string, NumberFormatter>();

/**
 * A formatter for a d3-format string (',.2f', '.1%', '$,.0f', '~s'...), SMART_NUMBER(_SIGNED) or DURATION.
 * An invalid format string falls back to SMART_NUMBER instead of breaking the chart: it comes from form
 * data or dataset metadata that users type by hand.
 */
export function getNumberFormatter(format?: string | null): NumberFormatter {
  const key = format && format.trim() ? format.trim() : SMART_NUMBER;
  const cached = cache.get(key);
  if (cached) return cached;
  let base: (value: number) => string;
  if (key === SMART_NUMBER) base = smartNumber;
  else if (key === SMART_NUMBER_SIGNED) base = (v) => (v > 0 ? `+${smartNumber(v)}` : smartNumber(v));
  else if (key === DURATION) base = duration;
  else {
    try {
      base = d3Format(key);
    } catch {
      base = smartNumber;
    }
  }
  const formatter: NumberFormatter = (value) => {
    if (value === null || value === undefined) return 'N/A';
    if (typeof value !== 'number' || Number.isNaN(value)) return String(value);
    return base(value);
  };
  cache.set(key, formatter);
  return formatter;
}

/** The currency symbol of an ISO code ('USD' -> '$'); unknown codes are shown as they are. */
function currencySymbol(code: string): string {
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

/** A number formatter with a currency symbol before or after the number. */
export function getCurrencyFormatter(currency: CurrencyFormat, format?: string | null): NumberFormatter {
  const number = getNumberFormatter(format);
  const symbol = currency.symbol ? currencySymbol(currency.symbol) : '';
  return (value) => {
    const text = number(value);
    if (value === null || value === undefined || !symbol) return text;
    return currency.symbolPosition === 'suffix' ? `${text} ${symbol}` : `${symbol}${text}`;
  };
}
