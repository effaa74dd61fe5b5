/**
 * What a dashboard report may choose from (Superset's AlertReportModal "Select tab" and "Select filter"):
 * the dashboard's tabs, read from its position JSON, and its native filters, read from its json_metadata.
 * Pure: the modal reads `GET /api/v1/dashboard/{id}` (api/reports-api.ts) and passes the record here.
 */

export interface DashboardTab {
  id: string;
  /** Its parent tabs' ids first, then its own: what `extra.dashboard.activeTabs` holds to open it. */
  path: string[];
  /** "Parent › Tab", as the select shows it. */
  label: string;
}

export interface DashboardFilterOption {
  id: string;
  name: string;
  filterType: string | null;
  columnName: string | null;
}

export interface DashboardLayout {
  tabs: DashboardTab[];
  nativeFilters: DashboardFilterOption[];
}

type Json = Record<string, unknown>;

const parsed = (value: unknown): Json => {
  if (typeof value === 'string') {
    try {
      const json: unknown = JSON.parse(value || '{}');
      return json && typeof json === 'object' ? (json as Json) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' ? (value as Json) : {};
};

/** The tabs in layout order (depth first from ROOT_ID), each with the tabs it sits in. */
function tabsOf(position: Json): DashboardTab[] {
  const tabs: DashboardTab[] = [];
  const seen = new Set<string>();
  const walk = (id: string, path: string[], labels: string[]) => {
    if (seen.has(id)) return; // a malformed layout may loop
    seen.add(id);
    const item = position[id] as { type?: string; children?: unknown; meta?: { text?: unknown } } | undefined;
    if (!item) return;
    let nextPath = path;
    let nextLabels = labels;
    if (item.type === 'TAB') {
      const text = typeof item.meta?.text === 'string' && item.meta.text.trim() ? item.meta.text : id;
      nextPath = [...path, id];
      nextLabels = [...labels, text];
      tabs.push({ id, path: nextPath, label: nextLabels.join(' › ') });
    }
    if (Array.isArray(item.children))
      for (const child of item.children) if (typeof child === 'string') walk(child, nextPath, nextLabels);
  };
  walk('ROOT_ID', [], []);
  return tabs;
}

function filtersOf(metadata: Json): DashboardFilterOption[] {
  const config = metadata.native_filter_configuration;
  if (!Array.isArray(config)) return [];
  return config
    .filter((f): f is Json => !!f && typeof f === 'object' && (f as Json).type === 'NATIVE_FILTER')
    .map((f) => {
      const target = Array.isArray(f.targets)
        ? (f.targets[0] as { column?: { name?: unknown } } | undefined)
        : undefined;
      const column = target?.column?.name;
      return {
        id: String(f.id),
        name: typeof f.name === 'string' && f.name ? f.name : String(f.id),
        filterType: typeof f.filterType === 'string' ? f.filterType : null,
        columnName: typeof column === 'string' ? column : null,
      };
    });
}

export function dashboardLayout(record: { position_json?: unknown; json_metadata?: unknown }): DashboardLayout {
  return { tabs: tabsOf(parsed(record.position_json)), nativeFilters: filtersOf(parsed(record.json_metadata)) };
}
