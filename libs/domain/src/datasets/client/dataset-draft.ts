/**
 * The dataset editor's unsaved form (the fold's `editor.draft`), and the PUT body a save sends: only the
 * fields that differ from the dataset as the server answered it, so the server decides one event per
 * changed intent (a column or metric edited, the SQL changed, ...) and an unchanged SQL is not run again.
 */
import { newColumn } from '../dataset-columns';
import type { DatasetEdit } from '../dataset.commands';
import type { DatasetColumn, DatasetMetric } from '../dataset.events';
import type { DatasetView } from './dataset-view';

export interface DatasetDraft {
  table_name: string;
  sql: string;
  description: string;
  main_dttm_col: string | null;
  /** As typed: '' is the default (null). */
  cache_timeout: string;
  default_time_grain: string | null;
  owners: number[];
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
}

/** The form as the server's answer fills it: where each draft starts again. */
export function datasetDraftOf(dataset: DatasetView): DatasetDraft {
  return {
    table_name: dataset.table_name,
    sql: dataset.sql ?? '',
    description: dataset.description ?? '',
    main_dttm_col: dataset.main_dttm_col,
    cache_timeout: dataset.cache_timeout == null ? '' : String(dataset.cache_timeout),
    default_time_grain: dataset.default_time_grain ?? null,
    owners: dataset.owners.map((o) => o.id),
    columns: dataset.columns,
    metrics: dataset.metrics,
  };
}

/** A calculated column has an expression (a new one an empty one, until typed). */
export const isCalculatedColumn = (c: DatasetColumn) => c.expression !== null && c.expression !== undefined;

/** A new calculated column: the name given, an expression to fill in. */
export const newCalculatedColumn = (name: string): DatasetColumn => ({ ...newColumn(name), expression: '' });

export const newDraftMetric = (name: string): DatasetMetric => ({
  metric_name: name,
  verbose_name: null,
  metric_type: null,
  expression: '',
  description: null,
  d3format: null,
});

/** The name a new calculated column or metric gets: `calculated_1`, `metric_2`, ... one not taken yet. */
export function freeDraftName(base: 'calculated' | 'metric', taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`${base}_${n}`)) return `${base}_${n}`;
}

/** Empty text fields are null on the server. */
const clean = <T extends object>(item: T): T =>
  Object.fromEntries(
    Object.entries(item).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? null : v]),
  ) as T;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that changed; `{}` when nothing did. */
export function datasetEditBody(dataset: DatasetView, draft: DatasetDraft): DatasetEdit {
  const before = datasetDraftOf(dataset);
  const body: DatasetEdit = {};
  if (draft.table_name.trim() !== before.table_name) body.table_name = draft.table_name.trim();
  if (dataset.kind === 'virtual' && draft.sql !== before.sql) body.sql = draft.sql;
  if (draft.description !== before.description) body.description = draft.description.trim() || null;
  if (draft.main_dttm_col !== before.main_dttm_col) body.main_dttm_col = draft.main_dttm_col;
  if (draft.cache_timeout.trim() !== before.cache_timeout)
    body.cache_timeout = draft.cache_timeout.trim() === '' ? null : Number(draft.cache_timeout);
  if (draft.default_time_grain !== before.default_time_grain) body.default_time_grain = draft.default_time_grain;
  if (!same([...draft.owners].sort(), [...before.owners].sort())) body.owners = draft.owners;
  const columns = draft.columns.map((c) => clean({ ...c, column_name: c.column_name.trim() }));
  if (!same(columns, before.columns)) body.columns = columns;
  const metrics = draft.metrics.map((m) => clean({ ...m, metric_name: m.metric_name.trim() }));
  if (!same(metrics, before.metrics)) body.metrics = metrics;
  return body;
}

/** What the form refuses before asking the server (the server refuses unsafe SQL with its message). */
export function datasetDraftProblems(draft: DatasetDraft): string[] {
  const problems: string[] = [];
  const names = draft.columns.map((c) => c.column_name.trim());
  if (names.some((n) => n === '')) problems.push('Every column needs a name.');
  if (new Set(names).size !== names.length) problems.push('Two columns have the same name.');
  const metricNames = draft.metrics.map((m) => m.metric_name.trim());
  if (metricNames.some((n) => n === '')) problems.push('Every metric needs a name.');
  if (new Set(metricNames).size !== metricNames.length) problems.push('Two metrics have the same name.');
  if (draft.metrics.some((m) => !m.expression.trim())) problems.push('Every metric needs a SQL expression.');
  if (draft.columns.some((c) => c.expression !== null && c.expression.trim() === ''))
    problems.push('A calculated column needs a SQL expression.');
  if (!draft.table_name.trim()) problems.push('The dataset needs a name.');
  if (draft.cache_timeout.trim() !== '' && !/^\d{1,8}$/.test(draft.cache_timeout.trim()))
    problems.push('The cache timeout is a number of seconds.');
  return problems;
}
