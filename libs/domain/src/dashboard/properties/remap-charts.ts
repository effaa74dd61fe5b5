/**
 * A dashboard copied with its charts duplicated (charts-dashboards-reports §7 POST .../copy/ duplicate_slices): every chart id
 * json_metadata names must point at the copies, or the copy's cross-filters, filter scopes and refresh
 * settings would silently act on the source dashboard's charts. Ids without a copy are kept.
 */
type Mapping = ReadonlyMap<number, number>;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function remapId(id: unknown, mapping: Mapping): unknown {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
  const target = mapping.get(n);
  if (target === undefined) return id;
  return typeof id === 'string' ? String(target) : target;
}

const remapIds = (ids: unknown, mapping: Mapping): unknown =>
  Array.isArray(ids) ? ids.map((id) => remapId(id, mapping)) : ids;

/** An object keyed by chart id (expanded_slices, chart_configuration, filter_scopes, default_filters). */
function remapKeys(value: unknown, mapping: Mapping, inner: (v: unknown) => unknown = (v) => v): unknown {
  if (!isObj(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [String(remapId(key, mapping)), inner(v)]));
}

/** `{scope: {rootPath, excluded}, chartsInScope}` as in native filters, chart and global cross-filter configuration. */
function remapScoped(value: unknown, mapping: Mapping): unknown {
  if (!isObj(value)) return value;
  const next: Obj = { ...value };
  if ('chartsInScope' in value) next.chartsInScope = remapIds(value.chartsInScope, mapping);
  if (isObj(value.scope) && 'excluded' in value.scope)
    next.scope = { ...value.scope, excluded: remapIds(value.scope.excluded, mapping) };
  return next;
}

function remapChartConfiguration(value: unknown, mapping: Mapping): unknown {
  return remapKeys(value, mapping, (item) => {
    if (!isObj(item)) return item;
    return {
      ...item,
      ...('id' in item ? { id: remapId(item.id, mapping) } : {}),
      ...('crossFilters' in item ? { crossFilters: remapScoped(item.crossFilters, mapping) } : {}),
    };
  });
}

/** Legacy filter_scopes: `{filterChartId: {column: {scope, immune: [chartIds]}}}`. */
function remapFilterScopes(value: unknown, mapping: Mapping): unknown {
  return remapKeys(value, mapping, (columns) =>
    isObj(columns)
      ? Object.fromEntries(
          Object.entries(columns).map(([col, s]) => [
            col,
            isObj(s) && 'immune' in s ? { ...s, immune: remapIds(s.immune, mapping) } : s,
          ]),
        )
      : columns,
  );
}

/** CHART components of a layout (`positions`) point at the copies. */
function remapPositions(value: unknown, mapping: Mapping): unknown {
  if (!isObj(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, c]) =>
      isObj(c) && c.type === 'CHART' && isObj(c.meta) && 'chartId' in c.meta
        ? [key, { ...c, meta: { ...c.meta, chartId: remapId(c.meta.chartId, mapping) } }]
        : [key, c],
    ),
  );
}

/** default_filters is JSON text keyed by chart id; text that does not parse is left as it is. */
function remapDefaultFilters(value: unknown, mapping: Mapping): unknown {
  if (typeof value !== 'string') return remapKeys(value, mapping);
  try {
    const parsed: unknown = JSON.parse(value);
    return isObj(parsed) ? JSON.stringify(remapKeys(parsed, mapping)) : value;
  } catch {
    return value;
  }
}

export function remapChartIdsInMetadata<T extends Obj>(metadata: T, mapping: Mapping): T {
  const next: Obj = { ...metadata };
  const set = (key: string, fn: (v: unknown) => unknown) => {
    if (key in metadata) next[key] = fn(metadata[key]);
  };
  set('chart_configuration', (v) => remapChartConfiguration(v, mapping));
  set('global_chart_configuration', (v) => remapScoped(v, mapping));
  set('native_filter_configuration', (v) => (Array.isArray(v) ? v.map((f) => remapScoped(f, mapping)) : v));
  set('timed_refresh_immune_slices', (v) => remapIds(v, mapping));
  set('expanded_slices', (v) => remapKeys(v, mapping));
  set('filter_scopes', (v) => remapFilterScopes(v, mapping));
  set('default_filters', (v) => remapDefaultFilters(v, mapping));
  set('positions', (v) => remapPositions(v, mapping));
  return next as T;
}
