/**
 * Annotation layers (charts-dashboards-reports §3 Annotation, §4 Annotation query; REFERENCE §2.1
 * `annotation_layers`): Superset's form data shape, validated once here so the server refuses a bad layer
 * naming its field and the client edits the same shape.
 */
import { z } from 'zod';

export const ANNOTATION_TYPES = ['FORMULA', 'EVENT', 'INTERVAL', 'TIME_SERIES'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

/** '' (formula: nothing to query), NATIVE (annotation layers table), table and line (another saved chart). */
export const ANNOTATION_SOURCE_TYPES = ['', 'NATIVE', 'table', 'line'] as const;
export type AnnotationSourceType = (typeof ANNOTATION_SOURCE_TYPES)[number];

/** Superset's line styles. */
export const ANNOTATION_STYLES = ['solid', 'dashed', 'longDashed', 'dotted'] as const;

/** What Superset's overrides checkboxes offer to take from the annotated chart (other keys are applied too). */
export const OVERRIDE_KEYS = [
  'time_range',
  'granularity',
  'granularity_sqla',
  'time_grain_sqla',
  'since',
  'until',
] as const;

const name = z.string().trim().min(1, 'Name is required').max(250);
const text = z.string().max(250);

export const annotationLayerSchema = z
  .object({
    name,
    annotationType: z.enum(ANNOTATION_TYPES),
    sourceType: z.enum(ANNOTATION_SOURCE_TYPES).default(''),
    /** FORMULA: the formula in x; table/line: the saved chart's id; NATIVE: the layer's id. */
    value: z.union([z.string().max(1000), z.number().int().positive()]),
    // Superset applies every override key it finds: unknown keys are kept (and applied), not refused, so
    // a chart saved by another version still loads.
    overrides: z
      .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
      .refine((o) => Object.keys(o).length <= 50, 'Too many overrides')
      .default({}),
    show: z.boolean().default(true),
    showLabel: z.boolean().optional(),
    showMarkers: z.boolean().optional(),
    hideLine: z.boolean().optional(),
    color: z.string().max(64).nullish(),
    opacity: z.string().max(32).nullish(),
    style: z.enum(ANNOTATION_STYLES).catch('solid'),
    width: z.number().min(0).max(50).default(1),
    timeColumn: text.nullish(),
    intervalEndColumn: text.nullish(),
    titleColumn: text.nullish(),
    descriptionColumns: z
      .array(text)
      .max(50)
      .nullish()
      .transform((v) => v ?? []),
  })
  .loose()
  .superRefine((layer, ctx) => {
    if (layer.annotationType === 'FORMULA') {
      if (layer.sourceType !== '')
        ctx.addIssue({ code: 'custom', path: ['sourceType'], message: 'A formula layer has no source' });
      if (typeof layer.value !== 'string' || layer.value.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'A formula layer needs a formula in x' });
      return;
    }
    if (layer.sourceType === '')
      ctx.addIssue({ code: 'custom', path: ['sourceType'], message: 'This layer type needs a source' });
    if (layer.annotationType === 'TIME_SERIES' && layer.sourceType !== 'line' && layer.sourceType !== '')
      ctx.addIssue({ code: 'custom', path: ['sourceType'], message: 'A time series layer reads a line chart' });
    if (layer.annotationType !== 'TIME_SERIES' && layer.sourceType === 'line')
      ctx.addIssue({ code: 'custom', path: ['sourceType'], message: 'Events and intervals read a table chart' });
    if (!/^\d+$/.test(String(layer.value)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Choose the chart the layer reads' });
    if (layer.sourceType === 'table' && !layer.timeColumn)
      ctx.addIssue({ code: 'custom', path: ['timeColumn'], message: 'Choose the time column of the events' });
    if (layer.annotationType === 'INTERVAL' && layer.sourceType === 'table' && !layer.intervalEndColumn)
      ctx.addIssue({ code: 'custom', path: ['intervalEndColumn'], message: 'Choose the column where intervals end' });
  });

export type AnnotationLayer = z.output<typeof annotationLayerSchema>;

/** A layer's data as the chart data answer's `annotation_data[name]` holds it (Superset's shapes). */
export type AnnotationData =
  /** EVENT / INTERVAL: the rows of the table chart. */
  | { records: Record<string, unknown>[] }
  /** TIME_SERIES: the line chart's series. */
  | { key: string; values: { x: number; y: number | null }[] }[];

/** The first problem of a list of layers as `annotation_layers[i].field: message`, or null when all are valid. */
export function annotationLayersProblem(raw: unknown): string | null {
  const parsed = z
    .array(annotationLayerSchema)
    .max(100)
    .safeParse(raw ?? []);
  if (parsed.success) {
    const names = parsed.data.map((l) => l.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    return dup === undefined ? null : `annotation_layers: two layers are named '${dup}'`;
  }
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return `annotation_layers${path}: ${issue.message}`;
}

/** §4: a layer is queried only when it has a source type (a formula is computed where it is drawn). */
export const requiresQuery = (layer: Pick<AnnotationLayer, 'sourceType'>): boolean => Boolean(layer.sourceType);

/**
 * The form data a layer's chart is queried with: its own, with each override taken from the annotated
 * chart (an override's value, or the annotated chart's value where it is null). §4: an override of since
 * or until clears time_range (Superset sets its override to null), so the layer follows the annotated
 * chart's time range rather than its own.
 */
export function annotationQueryFormData(
  layer: Pick<AnnotationLayer, 'overrides'>,
  layerChartFormData: Readonly<Record<string, unknown>>,
  annotatedFormData: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const overrides: Record<string, unknown> = { ...(layer.overrides ?? {}) };
  if ('since' in overrides || 'until' in overrides) overrides.time_range = null;
  const out: Record<string, unknown> = { ...layerChartFormData };
  for (const [key, value] of Object.entries(overrides)) out[key] = value === null ? annotatedFormData[key] : value;
  // The layer chart's own annotations are not drawn on another chart (and could refer back to it).
  delete out.annotation_layers;
  return out;
}
