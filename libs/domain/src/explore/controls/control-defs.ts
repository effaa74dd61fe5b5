/**
 * Every control Explore knows (charts-dashboards-reports §4 Explore, §5, §9): its kind (what editor the panel shows), its
 * choices and default, and its validation. Viz types pick from these in `viz-panels.ts`.
 */
import {
  validateInteger,
  validateMaxValue,
  validateNonEmpty,
  type Validator,
} from '../../platform/validators/validators';
import {
  COMPARISON_TYPES,
  DEFAULT_ROW_LIMIT_CONTROL,
  DEFAULT_TIME_GRAIN,
  NO_TIME_RANGE,
  RESAMPLE_METHODS,
  RESAMPLE_RULES,
  ROLLING_TYPES,
  ROW_LIMIT_CHOICES,
  SERIES_LIMIT_CHOICES,
  TIME_COMPARE_CHOICES,
  TIMESERIES_SORT_OPTIONS,
} from './constants';
import { annotationLayersProblem } from '../annotations/annotation-layer';
import { validateOrderByOptions } from './orderby';
import { TIME_GRAIN_CHOICES } from './time-grain-choices';
import { isTemporalColumn, type DatasourceMeta, type FormData } from './types';

export type ControlKind =
  | 'metrics' // several metrics (saved or adhoc)
  | 'metric' // one metric
  | 'columns' // several groupable columns
  | 'column' // one column
  | 'temporalColumn' // one temporal column
  | 'adhocFilters'
  | 'timeRange'
  | 'orderby' // raw-mode orderings, JSON text of [column, ascending]
  | 'select'
  | 'checkbox'
  | 'integer'
  | 'text'
  | 'annotationLayers'; // Superset's annotation_layers (explore/annotations)

export type Choice = readonly [value: string | number | boolean | null, label: string];

export interface ControlContext {
  /** The server's maximum row setting (charts-dashboards-reports §5), or 100000. */
  maxRow: number;
}

export interface ControlDef {
  name: string;
  label: string;
  kind: ControlKind;
  description?: string;
  /** For selects: the choices. Without freeForm, values outside them are dropped (charts-dashboards-reports §5). */
  choices?: readonly Choice[];
  freeForm?: boolean;
  multi?: boolean;
  /** The value a new chart starts with; may depend on the dataset (its main time column). */
  default: (datasource: DatasourceMeta | null) => unknown;
  validators?: (ctx: ControlContext) => readonly Validator[];
  /** Only the rendering changes: no new query is needed. */
  renderTrigger?: boolean;
  /** Hidden (and ignored by validation) for this form data, e.g. group by in raw mode. */
  hiddenWhen?: (formData: FormData) => boolean;
}

const constant = (value: unknown) => (): unknown => value;
/** A layer the server would refuse (issue 16 item 2), said before the query runs. */
const validateAnnotationLayers = (value: unknown): string | null => {
  const problem = annotationLayersProblem(value);
  return problem === null ? null : `is invalid: ${problem.replace(/^annotation_layers(\[\d+\])?[.:]? ?/, '')}`;
};
const required = () => [validateNonEmpty];
const integer = () => [validateInteger];
const isRaw = (fd: FormData) => fd.query_mode === 'raw';
const isAggregate = (fd: FormData) => fd.query_mode !== 'raw';
const rollingOff = (fd: FormData) => !fd.rolling_type || fd.rolling_type === 'None';
const mainTime = (ds: DatasourceMeta | null) =>
  ds?.main_dttm_col ?? ds?.columns.find(isTemporalColumn)?.column_name ?? null;
const choices = (values: readonly (string | number)[]): Choice[] => values.map((v) => [v, String(v)]);

function define(defs: ControlDef[]): Record<string, ControlDef> {
  return Object.fromEntries(defs.map((d) => [d.name, d]));
}

export const CONTROLS: Readonly<Record<string, ControlDef>> = define([
  // Query
  {
    name: 'query_mode',
    label: 'Query mode',
    kind: 'select',
    choices: [
      ['aggregate', 'Aggregate'],
      ['raw', 'Raw records'],
    ],
    default: constant('aggregate'),
  },
  {
    name: 'x_axis',
    label: 'X-axis',
    kind: 'column',
    default: mainTime,
    validators: required,
    description: 'Dimension to use on the x-axis',
  },
  {
    name: 'granularity_sqla',
    label: 'Time column',
    kind: 'temporalColumn',
    default: mainTime,
    description: 'The time column the time range filters on',
  },
  {
    name: 'time_grain_sqla',
    label: 'Time grain',
    kind: 'select',
    choices: TIME_GRAIN_CHOICES,
    default: constant(DEFAULT_TIME_GRAIN),
  },
  {
    name: 'metrics',
    label: 'Metrics',
    kind: 'metrics',
    default: constant([]),
    validators: required,
    hiddenWhen: isRaw,
  },
  { name: 'metric', label: 'Metric', kind: 'metric', default: constant(null), validators: required },
  { name: 'metrics_b', label: 'Metrics (second query)', kind: 'metrics', default: constant([]), validators: required },
  { name: 'percent_metrics', label: 'Percentage metrics', kind: 'metrics', default: constant([]), hiddenWhen: isRaw },
  { name: 'groupby', label: 'Dimensions', kind: 'columns', default: constant([]), hiddenWhen: isRaw },
  { name: 'groupby_b', label: 'Dimensions (second query)', kind: 'columns', default: constant([]) },
  { name: 'groupbyRows', label: 'Rows', kind: 'columns', default: constant([]) },
  { name: 'groupbyColumns', label: 'Columns', kind: 'columns', default: constant([]) },
  { name: 'columns', label: 'Distribute across', kind: 'columns', default: constant([]), validators: required },
  {
    name: 'all_columns',
    label: 'Columns',
    kind: 'columns',
    default: constant([]),
    validators: required,
    hiddenWhen: isAggregate,
  },
  { name: 'column', label: 'Column', kind: 'column', default: constant(null), validators: required },
  { name: 'adhoc_filters', label: 'Filters', kind: 'adhocFilters', default: constant([]) },
  { name: 'adhoc_filters_b', label: 'Filters (second query)', kind: 'adhocFilters', default: constant([]) },
  { name: 'time_range', label: 'Time range', kind: 'timeRange', default: constant(NO_TIME_RANGE) },
  {
    name: 'row_limit',
    label: 'Row limit',
    kind: 'select',
    choices: choices(ROW_LIMIT_CHOICES),
    freeForm: true,
    default: constant(DEFAULT_ROW_LIMIT_CONTROL),
    validators: (ctx) => [validateNonEmpty, validateInteger, validateMaxValue(ctx.maxRow)],
  },
  {
    name: 'series_limit',
    label: 'Series limit',
    kind: 'select',
    // 0 is "no limit": the control needs a value (charts-dashboards-reports §5), and not limiting is a choice.
    choices: [[0, 'None'], ...choices(SERIES_LIMIT_CHOICES)],
    default: constant(0),
    validators: required,
  },
  { name: 'series_limit_metric', label: 'Sort by', kind: 'metric', default: constant(null), hiddenWhen: isRaw },
  { name: 'order_desc', label: 'Sort descending', kind: 'checkbox', default: constant(true), hiddenWhen: isRaw },
  {
    name: 'order_by_cols',
    label: 'Ordering',
    kind: 'orderby',
    default: constant([]),
    validators: () => [(v) => (Array.isArray(v) ? validateOrderByOptions(v) : null)],
    hiddenWhen: isAggregate,
  },
  { name: 'server_pagination', label: 'Server pagination', kind: 'checkbox', default: constant(false) },
  {
    name: 'server_page_length',
    label: 'Server page length',
    kind: 'select',
    choices: choices([10, 20, 50, 100, 200]),
    default: constant(10),
  },
  // Advanced analytics (post-processing)
  {
    name: 'rolling_type',
    label: 'Rolling function',
    kind: 'select',
    choices: ROLLING_TYPES.map((t) => [t, t]),
    default: constant('None'),
  },
  {
    name: 'rolling_periods',
    label: 'Periods',
    kind: 'integer',
    default: constant(null),
    validators: integer,
    hiddenWhen: rollingOff,
  },
  {
    name: 'min_periods',
    label: 'Min periods',
    kind: 'integer',
    default: constant(null),
    validators: integer,
    hiddenWhen: rollingOff,
  },
  {
    name: 'time_compare',
    label: 'Time shift',
    kind: 'select',
    multi: true,
    choices: choices(TIME_COMPARE_CHOICES),
    default: constant([]),
  },
  {
    name: 'comparison_type',
    label: 'Calculation type',
    kind: 'select',
    choices: [
      ['values', 'Actual values'],
      ['difference', 'Difference'],
      ['percentage', 'Percentage change'],
      ['ratio', 'Ratio'],
    ] satisfies readonly (readonly [(typeof COMPARISON_TYPES)[number], string])[],
    default: constant('values'),
  },
  {
    name: 'resample_rule',
    label: 'Rule',
    kind: 'select',
    choices: [[null, 'None'], ...choices(RESAMPLE_RULES)],
    default: constant(null),
  },
  {
    name: 'resample_method',
    label: 'Fill method',
    kind: 'select',
    choices: [[null, 'None'], ...choices(RESAMPLE_METHODS)],
    default: constant(null),
  },
  // Chart options: rendering only
  {
    name: 'orientation',
    label: 'Bar orientation',
    kind: 'select',
    choices: [
      ['vertical', 'Vertical'],
      ['horizontal', 'Horizontal'],
    ],
    default: constant('vertical'),
    renderTrigger: true,
  },
  {
    name: 'annotation_layers',
    label: 'Annotation layers',
    kind: 'annotationLayers',
    default: constant([]),
    validators: () => [validateAnnotationLayers],
  },
  { name: 'stack', label: 'Stack series', kind: 'checkbox', default: constant(false), renderTrigger: true },
  { name: 'show_legend', label: 'Legend', kind: 'checkbox', default: constant(true), renderTrigger: true },
  { name: 'donut', label: 'Donut', kind: 'checkbox', default: constant(false), renderTrigger: true },
  {
    name: 'sort_series_type',
    label: 'Sort series by',
    kind: 'select',
    choices: choices(TIMESERIES_SORT_OPTIONS),
    default: constant('sum'),
    renderTrigger: true,
  },
  {
    name: 'y_axis_format',
    label: 'Y-axis format',
    kind: 'text',
    default: constant('SMART_NUMBER'),
    renderTrigger: true,
  },
  { name: 'bins', label: 'Bins', kind: 'integer', default: constant(10), validators: integer },
  { name: 'min_val', label: 'Min', kind: 'integer', default: constant(null), validators: integer, renderTrigger: true },
  { name: 'max_val', label: 'Max', kind: 'integer', default: constant(null), validators: integer, renderTrigger: true },
  {
    name: 'whiskerOptions',
    label: 'Whisker/outlier options',
    kind: 'select',
    choices: [
      ['Tukey', 'Tukey'],
      ['Min/max (no outliers)', 'Min/max (no outliers)'],
      ['2/98 percentiles', '2/98 percentiles'],
      ['9/91 percentiles', '9/91 percentiles'],
    ],
    default: constant('Tukey'),
  },
  {
    name: 'aggregateFunction',
    label: 'Aggregation function',
    kind: 'select',
    choices: choices(['Sum', 'Average', 'Count', 'Minimum', 'Maximum']),
    default: constant('Sum'),
    renderTrigger: true,
  },
  { name: 'subheader', label: 'Subheader', kind: 'text', default: constant(''), renderTrigger: true },
  // Per-column display settings keyed by column or metric label (table); edited with the columns.
  { name: 'column_config', label: 'Column settings', kind: 'text', default: constant({}), renderTrigger: true },
]);

/** Controls whose values name the dataset's columns or metrics: remapped on a datasource change. */
export const DATA_KINDS: ReadonlySet<ControlKind> = new Set([
  'metrics',
  'metric',
  'columns',
  'column',
  'temporalColumn',
  'adhocFilters',
  'orderby',
]);

export function controlDef(name: string): ControlDef | undefined {
  return Object.prototype.hasOwnProperty.call(CONTROLS, name) ? CONTROLS[name] : undefined;
}
