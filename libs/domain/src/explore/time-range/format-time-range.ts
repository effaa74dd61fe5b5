import { formatDttm } from './calendar';
import { TIME_RANGE_SEPARATOR, type TimeRangeBounds } from './parse-time-range';

const endpoint = (text: string, isStart: boolean): string => text.replace('T00:00:00', '') || (isStart ? '-∞' : '∞');

/**
 * The label of a time range in the picker: '2020-01-01 ≤ col < 2020-02-01' for 'start : end' (midnight
 * dropped, an open end shown as ∞), the text itself for a named range ('Last week', 'No filter').
 */
export function formatTimeRange(timeRange: string, columnPlaceholder = 'col'): string {
  const at = timeRange.indexOf(TIME_RANGE_SEPARATOR);
  if (at < 0) return timeRange;
  const since = timeRange.slice(0, at).trim();
  const until = timeRange.slice(at + TIME_RANGE_SEPARATOR.length).trim();
  return `${endpoint(since, true)} ≤ ${columnPlaceholder} < ${endpoint(until, false)}`;
}

/** The evaluated range as 'since : until' in 'YYYY-MM-DDTHH:MM:SS' (UTC); open ends stay empty. */
export function timeRangeFromBounds(bounds: TimeRangeBounds): string {
  return `${bounds.since ? formatDttm(bounds.since) : ''}${TIME_RANGE_SEPARATOR}${bounds.until ? formatDttm(bounds.until) : ''}`;
}

/** The actual range a picker shows under a named range: '2020-01-01 ≤ col < 2020-01-08'. */
export function formatTimeRangeBounds(bounds: TimeRangeBounds, columnPlaceholder = 'col'): string {
  return formatTimeRange(timeRangeFromBounds(bounds), columnPlaceholder);
}
