/**
 * charts-dashboards-reports §4 "Changing the chart type transforms the form data and controls", as
 * Superset's standardized form data does it: the dimensions and metrics of the chart left behind form two
 * pools, and the new type takes from them what its own controls can hold. So a Bar chart by `origin`
 * becomes a Pie with one slice per origin (x-axis → group by), a Pie's metric becomes the Bar's first
 * metric, a pivot table's rows become a table's group by. Filters, time range and row limit are controls
 * both types show and simply stay. Controls the new type does not show are stashed and come back on return.
 */
import { controlDef } from '../controls/control-defs';
import { isTemporalColumn, type DatasourceMeta, type FormData } from '../controls/types';
import { vizControlNames } from '../controls/viz-panels';
import { isEmptyValue } from '../../platform/validators/validators';
import { completeFormData } from './form-data';
import { deepEqual } from './deep-equal';

type Fields = Record<string, unknown>;

/** Controls holding a list of dimensions, in the order a pool is read and filled. groupby_b stays with its query. */
const DIMENSION_LISTS = ['groupby', 'groupbyRows', 'groupbyColumns', 'columns'] as const;

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const has = (names: ReadonlySet<string>, name: string) => names.has(name);

/** A column name of the dataset that is not temporal: a category, which a pie or a group by can hold. */
function isCategory(value: unknown, ds: DatasourceMeta | null): value is string {
  if (typeof value !== 'string' || !ds) return false;
  const column = ds.columns.find((c) => c.column_name === value);
  return column !== undefined && !isTemporalColumn(column);
}

function dedupe(values: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of values) if (!out.some((o) => deepEqual(o, v))) out.push(v);
  return out;
}

/** The dimensions the chart showed: a categorical x-axis first (it is the chart's main dimension), then the lists. */
export function dimensionPool(form: Fields, shown: ReadonlySet<string>, ds: DatasourceMeta | null): unknown[] {
  const pool: unknown[] = [];
  if (has(shown, 'x_axis') && isCategory(form.x_axis, ds)) pool.push(form.x_axis);
  for (const name of DIMENSION_LISTS) if (has(shown, name)) pool.push(...asList(form[name]));
  return dedupe(pool);
}

/** The metrics the chart showed, single metric first. */
export function metricPool(form: Fields, shown: ReadonlySet<string>): unknown[] {
  const pool: unknown[] = [];
  if (has(shown, 'metric') && !isEmptyValue(form.metric)) pool.push(form.metric);
  if (has(shown, 'metrics')) pool.push(...asList(form.metrics));
  return dedupe(pool);
}

/**
 * The dimensions of the new form: what it kept or got back from the stash stays; dimensions of the old
 * chart it does not hold yet fill its first dimension list (in the old chart's order); an empty x-axis with
 * no time column to default to takes the first of them. A categorical x-axis is never repeated in a list.
 */
function carryDimensions(
  next: Fields,
  after: ReadonlySet<string>,
  pool: readonly unknown[],
  ds: DatasourceMeta | null,
) {
  const lists = DIMENSION_LISTS.filter((n) => has(after, n));
  // A categorical x-axis back from the stash that the user has since dropped gives way to the current dimensions.
  if (has(after, 'x_axis') && isCategory(next.x_axis, ds) && pool.length > 0 && !pool.some((p) => p === next.x_axis))
    delete next.x_axis;
  const held = () => [
    ...(has(after, 'x_axis') && !isEmptyValue(next.x_axis) ? [next.x_axis] : []),
    ...lists.flatMap((n) => asList(next[n])),
  ];
  // With no time column to default to, an empty x-axis takes the main dimension (it leaves the list below).
  if (has(after, 'x_axis') && isEmptyValue(next.x_axis) && pool.length > 0) {
    if (isEmptyValue(controlDef('x_axis')?.default(ds))) next.x_axis = pool[0];
  }
  const remaining = pool.filter((p) => !held().some((h) => deepEqual(h, p)));
  const first = lists[0];
  if (first && remaining.length > 0) {
    const kept = asList(next[first]);
    const ordered = pool.filter((p) => remaining.includes(p) || kept.some((k) => deepEqual(k, p)));
    next[first] = dedupe([...ordered, ...kept]);
  }
  if (has(after, 'x_axis') && isCategory(next.x_axis, ds))
    for (const n of lists) if (Array.isArray(next[n])) next[n] = asList(next[n]).filter((v) => v !== next.x_axis);
}

/**
 * metric ↔ metrics: an empty one takes from the pool; one back from the stash takes the current first
 * metric in place of its old first, so a metric changed on the Pie is the one the Bar shows.
 */
function carryMetrics(
  next: Fields,
  after: ReadonlySet<string>,
  pool: readonly unknown[],
  restored: ReadonlySet<string>,
) {
  if (pool.length === 0) return;
  if (
    has(after, 'metric') &&
    (isEmptyValue(next.metric) || (restored.has('metric') && !pool.some((p) => deepEqual(p, next.metric))))
  )
    next.metric = pool[0];
  if (has(after, 'metrics')) {
    const current = asList(next.metrics);
    if (current.length === 0) next.metrics = [...pool];
    else if (restored.has('metrics') && !deepEqual(current[0], pool[0]))
      next.metrics = dedupe([pool[0], ...current.slice(1)]);
  }
}

/** The time column of the old chart carries to the new one's (x_axis ↔ granularity_sqla). */
function carryTimeColumn(next: Fields, after: ReadonlySet<string>, from: Fields, ds: DatasourceMeta | null) {
  if (has(after, 'x_axis') && next.x_axis === undefined && !isEmptyValue(from.granularity_sqla))
    next.x_axis = from.granularity_sqla;
  const xIsTime = !isEmptyValue(from.x_axis) && !isCategory(from.x_axis, ds);
  if (has(after, 'granularity_sqla') && next.granularity_sqla === undefined && xIsTime)
    next.granularity_sqla = from.x_axis;
}

/**
 * The viz switch: controls the new type does not show go to the stash (hiddenFormData); controls it shows
 * keep their value or come back from the stash; then the pools fill what is still empty, and the new
 * type's defaults the rest.
 */
export function switchVizType(
  formData: FormData,
  hidden: Readonly<Fields>,
  vizType: string,
  datasource: DatasourceMeta | null,
): { formData: FormData; hiddenFormData: Fields } {
  const before = new Set(vizControlNames(formData.viz_type));
  const after = new Set(vizControlNames(vizType));
  const nextHidden: Fields = { ...hidden };
  const next: Fields = {};
  const restored = new Set<string>();
  for (const [key, value] of Object.entries(formData)) {
    if (before.has(key) && !after.has(key)) nextHidden[key] = value;
    else next[key] = value;
  }
  next.viz_type = vizType;
  for (const name of after) {
    if (before.has(name) && formData[name] !== undefined) {
      delete nextHidden[name];
    } else if (Object.prototype.hasOwnProperty.call(nextHidden, name)) {
      next[name] = nextHidden[name];
      delete nextHidden[name];
      restored.add(name);
    }
  }
  carryTimeColumn(next, after, formData, datasource);
  carryDimensions(next, after, dimensionPool(formData, before, datasource), datasource);
  carryMetrics(next, after, metricPool(formData, before), restored);
  return { formData: completeFormData(next as FormData, datasource), hiddenFormData: nextHidden };
}
