/**
 * What an edit of one column or metric changed, in words, for the audit log: "verbose name 'Origin',
 * groupable off". The edit events carry the item as it is afterwards; the item before comes from the
 * stream's fold, so this compares the two.
 */
import { quote } from '../audit/summary';
import type { DatasetColumn, DatasetMetric } from './dataset.events';

type Shown = 'value' | 'switch' | 'name';

/** Each field people edit, how it reads, and whether its new value is shown (short text), switched or only named. */
const COLUMN_FIELDS: readonly [keyof DatasetColumn, string, Shown][] = [
  ['verbose_name', 'verbose name', 'value'],
  ['type', 'type', 'value'],
  ['is_dttm', 'temporal', 'switch'],
  ['groupby', 'groupable', 'switch'],
  ['filterable', 'filterable', 'switch'],
  ['expression', 'expression', 'name'],
  ['description', 'description', 'name'],
  ['python_date_format', 'date format', 'value'],
  ['certified_by', 'certification', 'value'],
  ['certification_details', 'certification details', 'name'],
  ['warning_markdown', 'warning', 'name'],
];

const METRIC_FIELDS: readonly [keyof DatasetMetric, string, Shown][] = [
  ['verbose_name', 'verbose name', 'value'],
  ['metric_type', 'type', 'value'],
  ['expression', 'expression', 'value'],
  ['description', 'description', 'name'],
  ['d3format', 'format', 'value'],
  ['currency', 'currency', 'name'],
  ['certified_by', 'certification', 'value'],
  ['certification_details', 'certification details', 'name'],
  ['warning_markdown', 'warning', 'name'],
];

const MAX_LISTED = 3;
const empty = (value: unknown) => value === undefined || value === null || value === '';

function changes<T extends object>(
  fields: readonly [keyof T, string, Shown][],
  before: T | undefined,
  after: T,
): string | undefined {
  if (before === undefined) return undefined;
  const changed = fields.filter(([key]) => {
    const [a, b] = [before[key], after[key]];
    return !(empty(a) && empty(b)) && JSON.stringify(a) !== JSON.stringify(b);
  });
  if (changed.length === 0) return undefined;
  if (changed.length > MAX_LISTED) return `${changed.length} settings`;
  return changed
    .map(([key, label, shown]) => {
      const value = after[key];
      if (shown === 'switch') return `${label} ${value ? 'on' : 'off'}`;
      if (empty(value)) return `${label} removed`;
      return shown === 'value' ? `${label} ${quote(value)}` : label;
    })
    .join(', ');
}

/** "verbose name 'Origin', groupable off", or undefined when the column before is unknown or the same. */
export const columnChanges = (before: DatasetColumn | undefined, after: DatasetColumn) =>
  changes(COLUMN_FIELDS, before, after);

export const metricChanges = (before: DatasetMetric | undefined, after: DatasetMetric) =>
  changes(METRIC_FIELDS, before, after);
