/**
 * How `?as_of=` reads on the page (issue 13): the server takes a log position (digits) or an ISO 8601 time
 * (apps/server/src/object-history/log-point.ts).
 */
export const isLogPosition = (asOf: string): boolean => /^\d+$/.test(asOf);

/** A time as the banner shows it, the same for every viewer: '2026-11-27 17:40:03 UTC'. */
export function utcTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time)
    ? new Date(time)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : iso;
}

/** 'at log position 42', or 'at 2026-11-27 17:40:03 UTC'. */
export function pastMoment(asOf: string): string {
  return isLogPosition(asOf) ? `at log position ${asOf}` : `at ${utcTime(asOf)}`;
}

/** The address without `as_of`: the same page as it is now. */
export function withoutAsOf(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  params.delete('as_of');
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}
