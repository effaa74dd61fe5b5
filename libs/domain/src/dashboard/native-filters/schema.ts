/** zod schemas of REFERENCE §3.4 entries, for json_metadata.native_filter_configuration. */
import { z } from 'zod';
import { FILTER_TYPES } from './types';

export const filterScopeSchema = z.object({
  rootPath: z.array(z.string().min(1)),
  excluded: z.array(z.number().int()),
});

const extraFormDataSchema = z
  .object({
    filters: z.array(z.object({ col: z.string(), op: z.string(), val: z.unknown().optional() }).loose()).optional(),
    adhoc_filters: z.array(z.unknown()).optional(),
    time_range: z.string().optional(),
    granularity_sqla: z.string().optional(),
    time_grain_sqla: z.string().optional(),
  })
  .loose();

export const dataMaskSchema = z
  .object({
    id: z.string().optional(),
    extraFormData: extraFormDataSchema.optional(),
    filterState: z.object({ value: z.unknown().optional(), label: z.string().optional() }).loose().optional(),
    ownState: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

export const nativeFilterSchema = z
  .object({
    id: z.string().startsWith('NATIVE_FILTER-'),
    type: z.literal('NATIVE_FILTER'),
    name: z.string(),
    description: z.string().optional(),
    filterType: z.enum(FILTER_TYPES as [string, ...string[]]),
    targets: z.array(
      z
        .object({
          datasetId: z.number().int().optional(),
          column: z.object({ name: z.string(), displayName: z.string().optional() }).loose().optional(),
        })
        .loose(),
    ),
    controlValues: z.record(z.string(), z.unknown()).default({}),
    defaultDataMask: dataMaskSchema.default({}),
    cascadeParentIds: z.array(z.string()).default([]),
    scope: filterScopeSchema,
    chartsInScope: z.array(z.number().int()).optional(),
    tabsInScope: z.array(z.string()).optional(),
    sortMetric: z.string().nullable().optional(),
    adhoc_filters: z.array(z.unknown()).optional(),
    time_range: z.string().optional(),
    granularity_sqla: z.string().optional(),
    requiredFirst: z.boolean().optional(),
  })
  .loose();

export const filterDividerSchema = z
  .object({
    id: z.string().startsWith('NATIVE_FILTER_DIVIDER-'),
    type: z.literal('DIVIDER'),
    title: z.string(),
    description: z.string().default(''),
  })
  .loose();

export const filterConfigItemSchema = z.discriminatedUnion('type', [nativeFilterSchema, filterDividerSchema]);
export const nativeFilterConfigurationSchema = z.array(filterConfigItemSchema);
