import {
  DEFAULT_FEATURE_FLAGS,
  FeatureFlag,
  featureFlagsSchema,
  isFeatureEnabled,
  resolveFeatureFlags,
} from './feature-flags';

describe('feature flags (sqllab-and-platform §6)', () => {
  it('sqllab-and-platform §6: every flag the spec lists is known', () => {
    expect(Object.keys(DEFAULT_FEATURE_FLAGS).sort()).toEqual(
      [
        'SQLLAB_BACKEND_PERSISTENCE',
        'GLOBAL_ASYNC_QUERIES',
        'DASHBOARD_CROSS_FILTERS',
        'CONFIRM_DASHBOARD_DIFF',
        'DASHBOARD_RBAC',
        'HORIZONTAL_FILTER_BAR',
        'ESCAPE_MARKDOWN_HTML',
        'USE_ANALOGOUS_COLORS',
        'AVOID_COLORS_COLLISION',
      ].sort(),
    );
  });

  it('defaults: backend persistence on, global async off, cross-filters on, others off', () => {
    expect(isFeatureEnabled({}, FeatureFlag.SQLLAB_BACKEND_PERSISTENCE)).toBe(true);
    expect(isFeatureEnabled({}, FeatureFlag.GLOBAL_ASYNC_QUERIES)).toBe(false);
    expect(isFeatureEnabled({}, FeatureFlag.DASHBOARD_CROSS_FILTERS)).toBe(true);
    expect(isFeatureEnabled(undefined, FeatureFlag.HORIZONTAL_FILTER_BAR)).toBe(false);
    expect(isFeatureEnabled(null, FeatureFlag.DASHBOARD_RBAC)).toBe(false);
  });

  it('sqllab-and-platform §6: global async queries require their flag', () => {
    expect(isFeatureEnabled({ GLOBAL_ASYNC_QUERIES: true }, FeatureFlag.GLOBAL_ASYNC_QUERIES)).toBe(true);
  });

  it('an explicit value wins over the default, in both directions', () => {
    expect(isFeatureEnabled({ SQLLAB_BACKEND_PERSISTENCE: false }, FeatureFlag.SQLLAB_BACKEND_PERSISTENCE)).toBe(false);
    expect(isFeatureEnabled({ ESCAPE_MARKDOWN_HTML: true }, FeatureFlag.ESCAPE_MARKDOWN_HTML)).toBe(true);
  });

  it('resolve gives every flag its effective value', () => {
    const resolved = resolveFeatureFlags({ DASHBOARD_CROSS_FILTERS: false, DASHBOARD_RBAC: true });
    expect(resolved).toEqual({ ...DEFAULT_FEATURE_FLAGS, DASHBOARD_CROSS_FILTERS: false, DASHBOARD_RBAC: true });
  });

  it('configured overrides are validated: a misspelt flag or a non-boolean is refused', () => {
    expect(featureFlagsSchema.safeParse({ GLOBAL_ASYNC_QUERIES: true }).success).toBe(true);
    expect(featureFlagsSchema.safeParse({ GLOBAL_ASYNC_QUERY: true }).success).toBe(false);
    expect(featureFlagsSchema.safeParse({ GLOBAL_ASYNC_QUERIES: 'yes' }).success).toBe(false);
  });
});
