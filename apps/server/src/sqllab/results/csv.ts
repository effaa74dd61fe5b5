/** RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled; null is empty. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/** `sqllab_<tab>_<timestamp>.csv` with the tab name reduced to characters every file system accepts. */
export function exportFilename(tab: string | null, at: Date): string {
  const safeTab = (tab ?? 'query').replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'query';
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return `sqllab_${safeTab}_${stamp}.csv`;
}
