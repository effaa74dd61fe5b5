/** "5 minutes ago" for list pages' `changed_on_delta_humanized` (the wording of the usual BI tools). */
const UNITS: [string, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function humanizeAgo(date: Date, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - date.getTime());
  for (const [unit, size] of UNITS) {
    const n = Math.floor(ms / size);
    if (n >= 1) return n === 1 ? `a${unit === 'hour' ? 'n' : ''} ${unit} ago` : `${n} ${unit}s ago`;
  }
  return 'a few seconds ago';
}
