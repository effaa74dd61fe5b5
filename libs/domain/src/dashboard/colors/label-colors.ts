/**
 * Label colours of a dashboard (charts-dashboards-reports §3 metadata color_scheme, label_colors, shared_label_colors,
 * map_label_colors, color_scheme_domain; §4 "Colour sync flags"): one label has one colour on every
 * chart of a dashboard. A colour set by hand (label_colors) wins; otherwise the label keeps the colour the
 * dashboard gave it before (map_label_colors), so colours do not change with the order charts load in;
 * a label never seen gets the next colour of the dashboard's scheme. New assignments and labels that
 * appear on more than one chart set the sync flags; the page pushes them to the server and clears them.
 */

export interface LabelColorMetadata {
  color_scheme?: string | null;
  label_colors?: Record<string, string>;
  map_label_colors?: Record<string, string>;
  shared_label_colors?: readonly string[] | Record<string, string>;
  color_scheme_domain?: readonly string[];
}

export interface LabelColors {
  /** The scheme's colours that new labels take, in order. */
  readonly palette: readonly string[];
  /** label_colors: colours a user set in the metadata; never changed here. */
  readonly custom: Readonly<Record<string, string>>;
  /** map_label_colors: every label's colour on this dashboard. */
  readonly map: Readonly<Record<string, string>>;
  /** The labels each drawn chart shows, by chart id. */
  readonly chartLabels: Readonly<Record<string, readonly string[]>>;
  /** shared_label_colors as last stored: labels on more than one chart. */
  readonly shared: readonly string[];
  /** spec runtime state labelsColorMapMustSync: the map gained labels the server does not have. */
  readonly labelsColorMapMustSync: boolean;
  /** spec runtime state sharedLabelsColorsMustSync: the shared labels differ from the stored ones. */
  readonly sharedLabelsColorsMustSync: boolean;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The state a dashboard opens with. A map built with another scheme's colours (the scheme was changed
 * since) is dropped, so labels take the new scheme's colours; that is a change to sync.
 */
export function labelColorsOf(metadata: LabelColorMetadata, palette: readonly string[]): LabelColors {
  const domain = metadata.color_scheme_domain;
  const stale = domain !== undefined && domain.length > 0 && !sameList(domain, palette);
  const stored = metadata.map_label_colors ?? {};
  const shared = Array.isArray(metadata.shared_label_colors)
    ? [...(metadata.shared_label_colors as readonly string[])]
    : Object.keys(metadata.shared_label_colors ?? {});
  return {
    palette: [...palette],
    custom: { ...(metadata.label_colors ?? {}) },
    map: stale ? {} : { ...stored },
    chartLabels: {},
    shared: shared.sort(),
    labelsColorMapMustSync: stale && Object.keys(stored).length > 0,
    sharedLabelsColorsMustSync: false,
  };
}

/** A label's colour, or undefined for a label not seen yet (the chart's own palette applies). */
export function labelColor(state: LabelColors, label: string): string | undefined {
  return state.custom[label] ?? state.map[label];
}

/**
 * The first palette colour no label has yet; once all are taken, the colours repeat in order, so the
 * n-th label of a dashboard gets the same colour as on the chart alone.
 */
function nextColor(palette: readonly string[], map: Readonly<Record<string, string>>): string {
  const used = new Set(Object.values(map).map((c) => c.toLowerCase()));
  const free = palette.find((c) => !used.has(c.toLowerCase()));
  return free ?? palette[Object.keys(map).length % palette.length]!;
}

/**
 * Labels shown on more than one chart, sorted, together with those stored before: charts not drawn on
 * this visit (another tab, a failed query) must not make a shared label private again.
 */
export function sharedLabels(state: Pick<LabelColors, 'chartLabels' | 'shared'>): string[] {
  const charts = new Map<string, number>();
  for (const labels of Object.values(state.chartLabels))
    for (const label of new Set(labels)) charts.set(label, (charts.get(label) ?? 0) + 1);
  const shared = new Set(state.shared);
  for (const [label, n] of charts) if (n > 1) shared.add(label);
  return [...shared].sort();
}

/** A chart was drawn with these labels: new ones get colours; the shared set is recomputed. */
export function withChartLabels(state: LabelColors, chartId: number, labels: readonly string[]): LabelColors {
  const known = state.chartLabels[String(chartId)];
  if (known && sameList(known, labels)) return state;
  let map = state.map;
  for (const label of labels) {
    if (state.custom[label] !== undefined || map[label] !== undefined || state.palette.length === 0) continue;
    map = { ...map, [label]: nextColor(state.palette, map) };
  }
  const chartLabels = { ...state.chartLabels, [String(chartId)]: [...labels] };
  const shared = sharedLabels({ chartLabels, shared: state.shared });
  return {
    ...state,
    map,
    chartLabels,
    labelsColorMapMustSync: state.labelsColorMapMustSync || map !== state.map,
    sharedLabelsColorsMustSync: state.sharedLabelsColorsMustSync || !sameList(shared, state.shared),
  };
}

/** After a push to the server: what it holds now is what the page has. */
export function colorsSynced(state: LabelColors): LabelColors {
  return { ...state, shared: sharedLabels(state), labelsColorMapMustSync: false, sharedLabelsColorsMustSync: false };
}

export const mustSyncColors = (state: LabelColors): boolean =>
  state.labelsColorMapMustSync || state.sharedLabelsColorsMustSync;

/**
 * The body of PUT /api/v1/dashboard/{id}/colors (charts-dashboards-reports §7) for what the page has now: only the fields
 * pages maintain. The scheme and hand-set label_colors are people's choices, saved with the properties;
 * a page pushing back the ones it loaded with would undo a change someone made since.
 */
export function colorsSyncBody(state: LabelColors) {
  return {
    color_scheme_domain: [...state.palette],
    shared_label_colors: sharedLabels(state),
    map_label_colors: { ...state.map },
  };
}
