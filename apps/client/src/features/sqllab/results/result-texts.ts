/** The results pane's texts (REFERENCE §1.5 limiting factors, the display limit, timers, copy). */

/** The truncation warning for a limiting factor, or null when the result is complete. */
export function limitingMessage(factor: string | null | undefined, rows: number): string | null {
  switch (factor) {
    case 'DROPDOWN':
      return `The number of rows displayed is limited to ${rows} by the limit dropdown.`;
    case 'QUERY':
      return `The number of rows displayed is limited to ${rows} by the query`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of rows displayed is limited to ${rows} by the query and limit dropdown.`;
    default:
      return null;
  }
}

export function displayLimitMessage(shown: number, maxRow: number): string {
  return (
    `The number of results displayed is limited to ${shown}. Please add additional limits/filters or ` +
    `download to csv to see more rows up to the ${maxRow} limit.`
  );
}

/** 0.4 s, 12.3 s, 2:05.1 — how long a run has taken. */
export function formatElapsed(ms: number): string {
  const safe = Math.max(0, ms);
  const seconds = safe / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = (seconds - minutes * 60).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
}

/** Tab-separated rows for the clipboard: pastes into a spreadsheet as cells. */
export function toTsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const cell = (v: unknown) =>
    (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(
      /[\t\n\r]+/g,
      ' ',
    );
  return [columns.join('\t'), ...rows.map((r) => columns.map((c) => cell(r[c])).join('\t'))].join('\n');
}
