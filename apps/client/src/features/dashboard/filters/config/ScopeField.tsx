import { useState } from 'react';
import { ROOT_ID, type FilterScope, type Layout, type DashboardPageState } from '@strata/domain';

/** The dashboard's tabs and charts a scope may name, in layout order. */
export interface ScopeChoices {
  tabs: { id: string; title: string }[];
  charts: { id: number; title: string }[];
}

/** The tabs and charts of the layout a filter's scope may name, in the layout's order. */
export function scopeChoices(layout: Layout, charts: DashboardPageState['charts']): ScopeChoices {
  const tabs: ScopeChoices['tabs'] = [];
  const found: ScopeChoices['charts'] = [];
  const walk = (id: string) => {
    const item = layout[id];
    if (!item) return;
    if (item.type === 'TAB') tabs.push({ id, title: String(item.meta.text || item.meta.defaultText || 'Tab') });
    const chartId = item.meta.chartId;
    if (item.type === 'CHART' && typeof chartId === 'number')
      found.push({
        id: chartId,
        title: charts[chartId]?.slice_name ?? String(item.meta.sliceName ?? `Chart ${chartId}`),
      });
    item.children.forEach(walk);
  };
  walk('ROOT_ID');
  return { tabs, charts: found };
}

/**
 * charts-dashboards-reports §3 scope: all panels (the root, nothing excluded), or specific ones: the tabs it covers (its root
 * path) and, within them, the charts left out.
 */
export function ScopeField({
  value,
  choices,
  onChange,
}: {
  value: FilterScope;
  choices: ScopeChoices;
  onChange(scope: FilterScope): void;
}) {
  const all = value.rootPath.includes(ROOT_ID) && value.excluded.length === 0;
  // Choosing "specific panels" changes nothing yet (all are still checked): which radio is on is the form's.
  const [specific, setSpecific] = useState(!all);
  const wholeDashboard = value.rootPath.includes(ROOT_ID);
  const toggleTab = (id: string, on: boolean) => {
    const tabs = wholeDashboard ? [] : value.rootPath;
    const next = on ? [...tabs, id] : tabs.filter((t) => t !== id);
    onChange({ rootPath: next.length ? next : [ROOT_ID], excluded: value.excluded });
  };
  const toggleChart = (id: number, on: boolean) =>
    onChange({
      rootPath: value.rootPath,
      excluded: on ? value.excluded.filter((c) => c !== id) : [...value.excluded, id],
    });
  return (
    <fieldset className="filter-config__scope">
      <legend>Scoping</legend>
      <label className="filter-config__check">
        <input
          type="radio"
          name="scope"
          checked={!specific}
          onChange={() => {
            setSpecific(false);
            onChange({ rootPath: [ROOT_ID], excluded: [] });
          }}
        />
        Apply to all panels
      </label>
      <label className="filter-config__check">
        <input type="radio" name="scope" checked={specific} onChange={() => setSpecific(true)} />
        Apply to specific panels
      </label>
      {specific && (
        <div className="filter-config__scope-tree" role="group" aria-label="Panels in scope">
          {choices.tabs.length > 0 && (
            <div>
              <div className="muted">Tabs (none checked: the whole dashboard)</div>
              {choices.tabs.map((tab) => (
                <label key={tab.id} className="filter-config__check">
                  <input
                    type="checkbox"
                    checked={!wholeDashboard && value.rootPath.includes(tab.id)}
                    onChange={(e) => toggleTab(tab.id, e.target.checked)}
                  />
                  {tab.title}
                </label>
              ))}
            </div>
          )}
          <div className="muted">Charts</div>
          {choices.charts.map((chart) => (
            <label key={chart.id} className="filter-config__check">
              <input
                type="checkbox"
                aria-label={`Filter applies to ${chart.title}`}
                checked={!value.excluded.includes(chart.id)}
                onChange={(e) => toggleChart(chart.id, e.target.checked)}
              />
              {chart.title}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
