/** The auto-refresh picker's labels (REFERENCE §3.3 DASHBOARD_AUTO_REFRESH_INTERVALS, in seconds). */
export function refreshIntervalLabel(seconds: number): string {
  if (seconds === 0) return "Don't refresh";
  if (seconds < 60) return `${seconds} seconds`;
  if (seconds < 3600) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  if (seconds < 86400) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  return seconds === 86400 ? '24 hours' : `${seconds / 86400} days`;
}
