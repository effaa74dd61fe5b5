/**
 * json_metadata (REFERENCE §3.3) validated with zod. Known fields only: a misspelt key is refused rather
 * than stored and silently ignored. Legacy filter-box fields are accepted so old exports still load.
 */
import { z } from 'zod';
import { DEFAULT_STAGGER_TIME_MS } from '../constants';
import { filterScopeSchema, nativeFilterConfigurationSchema } from '../native-filters/schema';

const crossFilterScopeSchema = z.union([z.literal('global'), filterScopeSchema]);

export const chartConfigurationSchema = z.record(
  z.string().regex(/^\d+$/, 'chart ids are numbers'),
  z.object({
    id: z.number().int(),
    crossFilters: z.object({ scope: crossFilterScopeSchema, chartsInScope: z.array(z.number().int()).optional() }),
  }),
);

export const globalChartConfigurationSchema = z.object({
  scope: filterScopeSchema,
  chartsInScope: z.array(z.number().int()).optional(),
});

export const FilterBarOrientation = { VERTICAL: 'VERTICAL', HORIZONTAL: 'HORIZONTAL' } as const;
export type FilterBarOrientation = (typeof FilterBarOrientation)[keyof typeof FilterBarOrientation];

export const jsonMetadataSchema = z
  .object({
    native_filter_configuration: nativeFilterConfigurationSchema.optional(),
    chart_configuration: chartConfigurationSchema.optional(),
    global_chart_configuration: globalChartConfigurationSchema.optional(),
    cross_filters_enabled: z.boolean().optional(),
    timed_refresh_immune_slices: z.array(z.number().int()).optional(),
    refresh_frequency: z.number().int().min(0).optional(),
    stagger_refresh: z.boolean().optional(),
    stagger_time: z.number().int().min(0).optional(),
    expanded_slices: z.record(z.string(), z.boolean()).optional(),
    color_scheme: z.string().nullable().optional(),
    color_namespace: z.string().nullable().optional(),
    label_colors: z.record(z.string(), z.string()).optional(),
    shared_label_colors: z.union([z.array(z.string()), z.record(z.string(), z.string())]).optional(),
    map_label_colors: z.record(z.string(), z.string()).optional(),
    color_scheme_domain: z.array(z.string()).optional(),
    positions: z.record(z.string(), z.unknown()).optional(),
    filter_bar_orientation: z.enum(['VERTICAL', 'HORIZONTAL']).optional(),
    show_native_filters: z.boolean().optional(),
    filter_sets_configuration: z.array(z.unknown()).optional(),
    native_filter_migration: z.record(z.string(), z.unknown()).optional(),
    // Legacy filter box (deprecated, kept for imports).
    filter_scopes: z.record(z.string(), z.unknown()).optional(),
    default_filters: z.string().optional(),
    filter_immune_slice_fields: z.record(z.string(), z.array(z.string())).optional(),
    filter_immune_slices: z.array(z.number().int()).optional(),
    import_time: z.number().optional(),
    remote_id: z.number().optional(),
  })
  .strict();

export type JsonMetadata = z.infer<typeof jsonMetadataSchema>;

/** The metadata-only PUT body (charts-dashboards-reports §7): one of these keys at least. */
export const METADATA_ONLY_KEYS = [
  'chart_configuration',
  'global_chart_configuration',
  'filter_bar_orientation',
  'cross_filters_enabled',
] as const;

export type ParsedMetadata = { ok: true; metadata: JsonMetadata } | { ok: false; problems: string[] };

/** Accepts json_metadata as an object or as the JSON string clients send. */
export function parseJsonMetadata(input: unknown): ParsedMetadata {
  let value = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return { ok: true, metadata: {} };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, problems: ['json_metadata is not valid JSON'] };
    }
  }
  if (value === null || value === undefined) return { ok: true, metadata: {} };
  const parsed = jsonMetadataSchema.safeParse(value);
  if (parsed.success) return { ok: true, metadata: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((i) => `json_metadata.${i.path.join('.')}: ${i.message}`) };
}

/** What the dashboard runs with when metadata leaves a setting out (charts-dashboards-reports §9, REFERENCE §3.3). */
export function metadataWithDefaults(metadata: JsonMetadata) {
  return {
    ...metadata,
    refresh_frequency: metadata.refresh_frequency ?? 0,
    stagger_refresh: metadata.stagger_refresh ?? true,
    stagger_time: metadata.stagger_time ?? DEFAULT_STAGGER_TIME_MS,
    cross_filters_enabled: metadata.cross_filters_enabled ?? true,
    filter_bar_orientation: metadata.filter_bar_orientation ?? FilterBarOrientation.VERTICAL,
    native_filter_configuration: metadata.native_filter_configuration ?? [],
    expanded_slices: metadata.expanded_slices ?? {},
    timed_refresh_immune_slices: metadata.timed_refresh_immune_slices ?? [],
  };
}
