import { z } from 'zod';

/** sqllab-and-platform §6 Feature flags seen, with the names administrators know from existing BI tools. */
export const FeatureFlag = {
  SQLLAB_BACKEND_PERSISTENCE: 'SQLLAB_BACKEND_PERSISTENCE',
  GLOBAL_ASYNC_QUERIES: 'GLOBAL_ASYNC_QUERIES',
  DASHBOARD_CROSS_FILTERS: 'DASHBOARD_CROSS_FILTERS',
  CONFIRM_DASHBOARD_DIFF: 'CONFIRM_DASHBOARD_DIFF',
  DASHBOARD_RBAC: 'DASHBOARD_RBAC',
  HORIZONTAL_FILTER_BAR: 'HORIZONTAL_FILTER_BAR',
  ESCAPE_MARKDOWN_HTML: 'ESCAPE_MARKDOWN_HTML',
  USE_ANALOGOUS_COLORS: 'USE_ANALOGOUS_COLORS',
  AVOID_COLORS_COLLISION: 'AVOID_COLORS_COLLISION',
} as const;
export type FeatureFlag = (typeof FeatureFlag)[keyof typeof FeatureFlag];

export type FeatureFlags = Readonly<Partial<Record<FeatureFlag, boolean>>>;

/**
 * Defaults: editor state persisted on the server and cross-filters on; global async queries off (they
 * need workers); the rest are opt-in.
 */
export const DEFAULT_FEATURE_FLAGS: Readonly<Record<FeatureFlag, boolean>> = {
  SQLLAB_BACKEND_PERSISTENCE: true,
  GLOBAL_ASYNC_QUERIES: false,
  DASHBOARD_CROSS_FILTERS: true,
  CONFIRM_DASHBOARD_DIFF: false,
  DASHBOARD_RBAC: false,
  HORIZONTAL_FILTER_BAR: false,
  ESCAPE_MARKDOWN_HTML: false,
  USE_ANALOGOUS_COLORS: false,
  AVOID_COLORS_COLLISION: false,
};

/** A flag set explicitly wins; otherwise its default. Unknown names are off. */
export function isFeatureEnabled(flags: FeatureFlags | null | undefined, name: FeatureFlag): boolean {
  return flags?.[name] ?? DEFAULT_FEATURE_FLAGS[name] ?? false;
}

/** Every flag with its effective value: what the server sends to the client at boot. */
export function resolveFeatureFlags(overrides: FeatureFlags | null | undefined): Record<FeatureFlag, boolean> {
  const resolved = { ...DEFAULT_FEATURE_FLAGS };
  for (const name of Object.values(FeatureFlag)) resolved[name] = isFeatureEnabled(overrides, name);
  return resolved;
}

/**
 * Overrides as configured (e.g. a FEATURE_FLAGS JSON variable): strict, so a misspelt flag is an error
 * at boot instead of a feature silently left off.
 */
export const featureFlagsSchema = z.strictObject(
  Object.fromEntries(Object.values(FeatureFlag).map((name) => [name, z.boolean().optional()])) as Record<
    FeatureFlag,
    z.ZodOptional<z.ZodBoolean>
  >,
);
